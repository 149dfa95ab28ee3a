package io.jpraxis.server.boot;

import io.jpraxis.core.filter.FilterRegistry;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.http.admin.AdminRoutes;
import io.jpraxis.http.admin.Readiness;
import io.jpraxis.http.server.HttpGateway;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/** Connects the admin paths to the running gateway: its clusters, its meters and its config. */
final class AdminWiring {
    private AdminWiring() {
    }

    /**
     * {@code /ready} from the gateway's cluster states and the edge's lifecycle, {@code /metrics}
     * from the Prometheus registry the edge records into, {@code /config} from the {@code dump}
     * renderer (so the same secrets are redacted).
     */
    static AdminRoutes routes(CompiledGateway gateway, HttpGateway http, PrometheusMeterRegistry meters,
            FilterRegistry registry) {
        return new AdminRoutes(new Readiness(gateway.clusters(), http::lifecycle), meters::scrape,
                () -> ConfigDump.render(gateway, registry));
    }
}
