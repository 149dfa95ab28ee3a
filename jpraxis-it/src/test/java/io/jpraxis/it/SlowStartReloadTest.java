package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.server.reload.ConfigReloader;
import io.jpraxis.server.reload.ReloadOutcome;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.TestOrigin;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Slow start end to end (see docs/behaviour/clusters.md#slow-start): real origins, the serving
 * gateway, and a reload that adds an endpoint to a round-robin cluster with a one-minute window.
 */
@Timeout(60)
class SlowStartReloadTest {
    private static final String RAMP = "slow_start: {window_ms: 60000}";
    @TempDir
    Path dir;
    private ServingGateway serving;
    private ConfigReloader reloader;

    @AfterEach
    void stop() {
        if (serving != null) {
            serving.shutdown(Duration.ofSeconds(2));
        }
    }

    @Test
    void anEndpointAddedByAReloadGetsASmallShareWhileTheBaselineKeepsItsOwn() throws Exception {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b");
                TestOrigin added = TestOrigin.start("added")) {
            Path file = dir.resolve("gateway.yaml");
            Files.writeString(file, TestConfigs.balanced("round_robin", RAMP, a, b));
            serve(file);
            Map<String, Integer> atStart = answers(100);
            assertThat(atStart).as("endpoints present at startup are the baseline: not ramped")
                    .containsEntry("a", 50).containsEntry("b", 50);

            Files.writeString(file, TestConfigs.balanced("round_robin", RAMP, a, b, added));
            assertThat(reloader.reload()).as("the reload adding an endpoint applies")
                    .isInstanceOf(ReloadOutcome.Applied.class);
            Map<String, Integer> afterReload = answers(200);

            assertThat(afterReload.getOrDefault("added", 0))
                    .as("seconds into a one-minute window the new endpoint gets a few percent, not a third: %s",
                            afterReload).isLessThan(20);
            assertThat(afterReload.get("a")).as("the baseline carries the load meanwhile: %s", afterReload)
                    .isGreaterThan(85);
            assertThat(afterReload.get("b")).as(afterReload.toString()).isGreaterThan(85);
        }
    }

    private void serve(Path file) throws Exception {
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.of(Feature.SLOW_START), RuntimeServices.system());
        ConfigSource source = new ConfigSource(file, file.toString());
        GatewayBuilder.Built built = builder.buildRevision(source, Instant.now());
        assertThat(built.result().diagnostics().errors()).as("the first config builds").isEmpty();
        serving = ServingGateway.start(built.result().gateway(), built.revision(), builder.services(),
                builder.registry());
        // Reloaded on demand rather than by the file watcher, so the test decides when it happens.
        reloader = new ConfigReloader(source, builder, serving, Clock.systemUTC());
    }

    /** Which origin answered each of {@code n} requests sent one after another. */
    private Map<String, Integer> answers(int n) {
        URI uri = URI.create("http://127.0.0.1:" + serving.http().port("it") + "/ramp");
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < n; i++) {
            HttpResponse<String> r = Http.get(uri);
            assertThat(r.statusCode()).as("every request is served: %s", r.body()).isEqualTo(200);
            counts.merge(r.headers().firstValue(OriginCommands.ORIGIN_NAME).orElse("(none)"), 1, Integer::sum);
        }
        return counts;
    }
}
