package io.jpraxis.server.boot;

import io.jpraxis.core.generation.Generation;
import io.jpraxis.core.generation.GenerationSlot;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.http.admin.AdminRoutes;
import io.jpraxis.core.store.SharedStores;
import io.jpraxis.http.admin.Readiness;
import io.jpraxis.http.server.HttpGateway;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/** Connects the admin paths to the running gateway: its clusters, its meters and its config. */
final class AdminWiring {
    private AdminWiring() {
    }

    /**
     * {@code /ready} from the serving generation's cluster states and the edge's lifecycle,
     * {@code /metrics} from the Prometheus registry the edge records into, {@code /config} from the
     * {@code dump} renderer (so the same secrets are redacted), headed by the serving revision.
     * Each path reads the generation serving at the time of the request, so a reload shows at once.
     */
    static AdminRoutes routes(GenerationSlot generations, HttpGateway http, PrometheusMeterRegistry meters,
            FilterRegistry registry, SharedStores stores) {
        return new AdminRoutes(new Readiness(() -> generations.current().gateway().clusters(), http::lifecycle,
                stores::opened), meters::scrape, () -> config(generations.current(), registry));
    }

    /**
     * The effective config of {@code generation}; YAML comments first name the SHA-256 of the file
     * bytes it was compiled from and when they were loaded, so the body is still the dump.
     */
    static String config(Generation generation, FilterRegistry registry) {
        String dump = ConfigDump.render(generation.gateway(), registry);
        return generation.revision()
                .map(r -> "# revision: " + r.label() + "\n# loaded_at: " + r.loadedAt() + "\n" + dump)
                .orElse(dump);
    }
}
