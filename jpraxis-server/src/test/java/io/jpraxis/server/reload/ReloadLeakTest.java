package io.jpraxis.server.reload;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.OneStepFactory;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.server.boot.ServingGateway;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thousand reloads in a row leave nothing of the replaced configs behind: every filter is
 * closed once, no health-check task still references an old cluster (the old cluster states are
 * collected), no gauge of an old generation stays registered, and no thread is added per reload.
 */
@Timeout(120)
class ReloadLeakTest {
    private static final int RELOADS = 1000;
    @TempDir
    Path dir;

    /** A filter type that counts its instances' starts and closes and lets the test watch them being collected. */
    static final class TrackedFactory implements OneStepFactory {
        final AtomicInteger starts = new AtomicInteger();
        final AtomicInteger closes = new AtomicInteger();
        final List<WeakReference<HttpFilter>> instances = new ArrayList<>();

        @Override
        public String type() {
            return "test_tracked";
        }

        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            options.finish();
            HttpFilter filter = new HttpFilter() {
                @Override
                public String type() {
                    return "test_tracked";
                }

                @Override
                public Object config() {
                    return null;
                }

                @Override
                public void start() {
                    starts.incrementAndGet();
                }

                @Override
                public void close() {
                    closes.incrementAndGet();
                }
            };
            synchronized (instances) {
                instances.add(new WeakReference<>(filter));
            }
            return Optional.of(filter);
        }
    }

    private static String config(int generation, int deadPort) {
        return """
                # generation %d
                listeners:
                  - name: main
                    address: "127.0.0.1:0"
                    filter_chains: [answer]
                filter_chains:
                  - name: answer
                    filters:
                      - filter: test_tracked
                      - filter: static_response
                        status: 200
                        body: "generation %d"
                clusters:
                  - name: probed
                    endpoints: ["127.0.0.1:%d"]
                    health_check:
                      type: tcp
                      interval_ms: 60000
                      timeout_ms: 1000
                insecure_options:
                  allow_private_endpoints: true
                  allow_private_health_checks: true
                """.formatted(generation, generation, deadPort);
    }

    private static int unusedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void aThousandReloadsLeaveNoFilterProbeGaugeOrThreadOfOldGenerations() throws Exception {
        int deadPort = unusedPort();
        Path file = Files.writeString(dir.resolve("gateway.yaml"), config(0, deadPort));
        TrackedFactory tracked = new TrackedFactory();
        List<FilterFactory<?>> types = new ArrayList<>(GatewayFilters.all());
        types.add(tracked);
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system(),
                FilterRegistry.withBuiltIns(types));
        ConfigSource source = new ConfigSource(file, file.toString());
        ServingGateway serving = start(builder, source);
        HttpClient client = HttpClient.newHttpClient();
        try {
            URI uri = URI.create("http://127.0.0.1:" + serving.http().port("main") + "/");
            ConfigReloader reloader = new ConfigReloader(source, builder, serving, Clock.systemUTC());
            List<WeakReference<ClusterState>> clusters = new ArrayList<>();
            int threadsBefore = gatewayThreads();

            for (int g = 1; g <= RELOADS; g++) {
                clusters.add(new WeakReference<>(serving.gateway().clusters().all().getFirst()));
                Files.writeString(file, config(g, deadPort));
                assertThat(reloader.reload()).as("reload %d", g).isInstanceOf(ReloadOutcome.Applied.class);
                if (g % 100 == 0) {
                    HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri).build(),
                            HttpResponse.BodyHandlers.ofString());
                    assertThat(r.body()).isEqualTo("generation " + g);
                }
            }

            assertThat(awaitTrue(() -> tracked.closes.get() == RELOADS))
                    .as("every replaced generation's filters closed, once: %d", tracked.closes.get()).isTrue();
            assertThat(tracked.starts).as("each generation started once").hasValue(RELOADS + 1);
            assertThat(serving.generations().openGenerations()).as("only the serving generation is open").isEqualTo(1);
            assertThat(serving.meters().find("jpraxis.health.healthy_endpoints").gauges())
                    .as("one gauge, bound to the serving cluster").hasSize(1);
            assertThat(serving.meters().get("jpraxis.config.generations.open").gauge().value()).isEqualTo(1.0);
            assertThat(gatewayThreads()).as("no thread per reload")
                    .isLessThanOrEqualTo(threadsBefore + 4);

            assertThat(awaitTrue(() -> collected(clusters)))
                    .as("no probe task, gauge or generation still holds an old cluster state (%d of %d left)",
                            clusters.stream().filter(w -> w.get() != null).count(), clusters.size())
                    .isTrue();
            List<WeakReference<HttpFilter>> filters;
            synchronized (tracked.instances) {
                filters = List.copyOf(tracked.instances.subList(0, RELOADS));
            }
            assertThat(awaitTrue(() -> collected(filters))).as("old filter instances are garbage").isTrue();
        } finally {
            client.close();
            serving.shutdown(Duration.ofSeconds(1));
        }
        assertThat(tracked.closes).as("shutdown closes the serving generation too").hasValue(RELOADS + 1);
    }

    /** Serves what {@code source} holds; nothing here keeps a reference to the first generation. */
    private static ServingGateway start(GatewayBuilder builder, ConfigSource source) {
        GatewayBuilder.Built built = builder.buildRevision(source, Instant.now());
        return ServingGateway.start(built.result().gateway(), built.revision(), builder.services(), builder.registry());
    }

    private static <T> boolean collected(List<WeakReference<T>> refs) {
        System.gc();
        return refs.stream().allMatch(w -> w.get() == null);
    }

    private static boolean awaitTrue(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    /**
     * Live threads other than the JDK HTTP client's and the common pool's: the test's own client
     * grows its worker pool with its sends, which says nothing about the gateway.
     */
    private static int gatewayThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getName)
                .filter(name -> !name.startsWith("HttpClient-") && !name.startsWith("ForkJoinPool"))
                .count();
    }
}
