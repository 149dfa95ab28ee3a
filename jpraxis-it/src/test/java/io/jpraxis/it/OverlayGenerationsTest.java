package io.jpraxis.it;

import static io.jpraxis.it.IntelligentRouteTest.send;
import static io.jpraxis.it.Overlays.candidate;
import static io.jpraxis.it.Overlays.overlay;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@code overlay_file} watcher lives exactly as long as the config generation that opened it: a
 * gateway config reload retires the previous generation, whose {@code intelligent_route} must stop
 * its watcher thread, and shutdown stops the last one (see
 * docs/behaviour/intelligent-route.md#overlay-reload).
 */
@Timeout(60)
class OverlayGenerationsTest {
    /** Unique to this test, so watcher threads of other tests never count. */
    private static final String FILE = "generations-overlay.json";

    @TempDir
    Path dir;

    private static long watchers() {
        String name = "overlay-watch-" + FILE;
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().equals(name))
                .count();
    }

    private static void awaitWatchers(long expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); // a liveness bound, not a speed claim
        while (watchers() != expected && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(watchers()).as("live overlay watcher threads").isEqualTo(expected);
    }

    private static CompiledConfig compile(GatewayBuilder builder, String yaml) {
        CompileResult result = builder.build(yaml);
        assertThat(result.diagnostics().errors()).as("the config builds").isEmpty();
        return new CompiledConfig(result, ConfigRevision.of(yaml.getBytes(StandardCharsets.UTF_8), Instant.now()));
    }

    private record CompiledConfig(CompileResult result, ConfigRevision revision) {
    }

    @Test
    void aRetiredGenerationStopsItsWatcherAndShutdownStopsTheLast() throws Exception {
        try (TestOrigin origin = TestOrigin.start("m")) {
            Path file = Overlays.write(dir.resolve(FILE), Overlays.envelope(overlay("deterministic",
                    candidate("m", 0, "new_and_existing", null))));
            String yaml = TestConfigs.pipeline("""
                    - filter: intelligent_route
                      overlay_file: "%s"
                    - filter: load_balancer
                      clusters:
                        - {name: m, endpoints: ["%s"]}
                    """.formatted(file, origin.address()));
            GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system());
            CompiledConfig first = compile(builder, yaml);
            ServingGateway serving = ServingGateway.start(first.result().gateway(), first.revision(),
                    builder.services(), builder.registry());
            try {
                awaitWatchers(1);
                int port = serving.http().port("it");
                try (RawHttpConnection conn = RawHttpConnection.open(port)) {
                    assertThat(send(conn, "/v1/chat", "X-Model: m").echo().origin()).isEqualTo("m");
                }

                for (int reload = 0; reload < 3; reload++) {
                    CompiledConfig next = compile(builder, yaml + "# reload " + reload + "\n");
                    serving.reload(next.result().gateway(), next.revision());
                    awaitWatchers(1); // the new generation's watcher, and only it
                }
                try (RawHttpConnection conn = RawHttpConnection.open(port)) {
                    assertThat(send(conn, "/v1/chat", "X-Model: m").echo().origin())
                            .as("the serving generation still routes").isEqualTo("m");
                }
            } finally {
                serving.shutdown(Duration.ofSeconds(2));
            }
            awaitWatchers(0);
        }
    }
}
