package io.jpraxis.ai.intelligentroute;

import static io.jpraxis.ai.intelligentroute.RouteFixtures.AT;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.accepted;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.refused;
import static io.jpraxis.ai.intelligentroute.RouteFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.OverlayFile;
import io.jpraxis.ai.overlay.ExpectedOverlayScope;
import io.jpraxis.ai.overlay.ReloadSettings;
import io.jpraxis.core.context.RequestContext;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code overlay_file}: loaded at construction, refused with its reason, closed with the filter. */
class OverlayModeTest {
    private static final String OVERLAY = """
            {"network": "net", "local_site": "hub", "candidates": [
              {"kind": "inference_model", "name": "m", "site": "east", "cluster": "provider-east",
               "stable_id": "east-1", "rank": 0, "selection_tier": "same_region"}]}
            """;

    @TempDir
    Path dir;

    @Test
    void anEnvelopeServesWithItsRevisionOnTheProviderHop() {
        String envelope = EnvelopeWriter.envelope(OVERLAY);
        Path file = EnvelopeWriter.write(dir.resolve("routing-overlay.json"), envelope);
        IntelligentRouteFilter filter = accepted("""
                overlay_file: %s
                expected_overlay_scope: {network: net, local_site: hub}
                reload: {enabled: false, debounce_ms: 100}
                provider_hop_clusters: [provider-east]
                local_site: ignored-in-overlay-mode
                """.formatted(file));
        try {
            assertThat(filter.routeConfig().source()).isEqualTo(new OverlayFile(file,
                    new ExpectedOverlayScope("net", null, null, "hub"),
                    new ReloadSettings(false, Duration.ofMillis(100))));
            assertThat(filter.config()).as("dump writes the keys back as Praxis spells them")
                    .containsEntry("overlay_file", file.toString())
                    .containsEntry("expected_overlay_scope", java.util.Map.of("network", "net", "local_site", "hub"))
                    .containsEntry("reload", java.util.Map.of("enabled", false, "debounce_ms", 100L))
                    .doesNotContainKeys("local_site", "candidates");
            RequestContext ctx = request("X-Model", "m");
            filter.onRequest(ctx);
            assertThat(ctx.cluster()).isEqualTo("provider-east");
            assertThat(ctx.headers().get("x-ai-routing-candidate")).isEqualTo("east-1");
            assertThat(ctx.headers().get("x-ai-routing-revision")).isEqualTo(EnvelopeWriter.revisionOf(envelope));
            assertThat(ctx.metadata().get("intelligent_route.rank")).isEqualTo("0");
            assertThat(ctx.metadata().get("intelligent_route.selection_tier")).isEqualTo("same_region");
            assertThat(ctx.metadata().get("intelligent_route.local_site")).as("the overlay's local site")
                    .isEqualTo("hub");
        } finally {
            filter.close();
        }
    }

    @Test
    void aLegacyPayloadServesWithoutARevision() {
        Path file = EnvelopeWriter.write(dir.resolve("routing-config.json"), OVERLAY);
        IntelligentRouteFilter filter = accepted("overlay_file: " + file + "\nreload: {enabled: false}\n"
                + "provider_hop_clusters: [provider-east]\n");
        try {
            RequestContext ctx = request("X-Model", "m");
            filter.onRequest(ctx);
            assertThat(ctx.headers().get("x-ai-routing-candidate")).isEqualTo("east-1");
            assertThat(ctx.headers().contains("x-ai-routing-revision")).isFalse();
        } finally {
            filter.close();
        }
    }

    @Test
    void aColdStartFailureRefusesTheConfigNamingTheFileAndTheReason() {
        Path missing = dir.resolve("absent.json");
        assertThat(refused("overlay_file: " + missing + "\n")).singleElement().asString()
                .startsWith("line 1: " + AT + "overlay_file: " + missing + " cannot be read");

        Path legacy = EnvelopeWriter.write(dir.resolve("legacy.json"), OVERLAY);
        assertThat(refused("overlay_file: " + legacy + "\nexpected_overlay_scope: {network: net}\n"))
                .as("an expected scope refuses legacy payloads").singleElement().asString()
                .contains(legacy + " refused (");
    }

    @Test
    void withRouteHeaderAnOverlayClusterMustBeALegalHeaderValue() {
        Path file = EnvelopeWriter.write(dir.resolve("overlay.json"), EnvelopeWriter.envelope("""
                {"network": "net", "local_site": "hub", "candidates": [
                  {"kind": "inference_model", "name": "m", "site": "east", "cluster": " padded"}]}
                """));
        accepted("overlay_file: " + file + "\nreload: {enabled: false}\n").close();
        assertThat(refused("overlay_file: " + file + "\nreload: {enabled: false}\nroute_header: x-destination\n"))
                .singleElement().asString().contains(file + " refused (");
    }

    @Test
    void theWatcherRunsFromStartToClose() throws Exception {
        Path file = EnvelopeWriter.write(dir.resolve("overlay.json"), EnvelopeWriter.envelope(OVERLAY));
        IntelligentRouteFilter filter = accepted("overlay_file: " + file + "\nreload: {debounce_ms: 10}\n");
        assertThat(watcherThread()).as("reading and creating the filter starts no thread (validate stops there)")
                .isNull();
        filter.start();
        Thread watcher = watcherThread();
        assertThat(watcher).as("a watcher thread runs once the filter is started to serve").isNotNull();
        filter.close();
        watcher.join(3000);
        assertThat(watcher.isAlive()).as("close joined it").isFalse();
    }

    private static Thread watcherThread() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("overlay-watch-overlay.json") && t.isAlive()).findFirst().orElse(null);
    }
}
