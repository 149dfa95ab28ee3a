package io.jpraxis.ai.overlay;

import static io.jpraxis.ai.overlay.OverlayFilesForTests.cluster;
import static io.jpraxis.ai.overlay.OverlayFilesForTests.fixture;
import static io.jpraxis.ai.overlay.OverlayFilesForTests.legacy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.candidate.RoutingSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reload decisions, driven directly (no watcher) so each step is deterministic. */
class OverlaySourceTest {
    private static final ReloadSettings OFF = new ReloadSettings(false, Duration.ZERO);

    @TempDir
    Path dir;

    private Path write(String text) throws IOException {
        return Files.writeString(dir.resolve("overlay.json"), text);
    }

    private Path write(byte[] bytes) throws IOException {
        return Files.write(dir.resolve("overlay.json"), bytes);
    }

    @Test
    void coldStartServesTheFile() throws IOException {
        try (OverlaySource source = OverlaySource.open(write(fixture("valid-multi-candidate.json")), null, OFF, ClusterRule.ANY)) {
            assertThat(source.servingRevision()).contains("75b057d750d9db77030ecd5a073c235c56b2b0460d3d517340b3e44020e83056");
            assertThat(source.current().localSite()).isEqualTo("east-edge");
            assertThat(source.isWatching()).isFalse();
        }
    }

    @Test
    void coldStartFailuresNameTheReason() throws IOException {
        Path file = write(fixture("invalid-digest.json"));
        assertThatThrownBy(() -> OverlaySource.open(file, null, OFF, ClusterRule.ANY))
                .isInstanceOfSatisfying(OverlayLoadException.class,
                        e -> assertThat(e.reason()).contains(OverlayRejection.DIGEST_MISMATCH))
                .hasMessageContaining("digest_mismatch");
        assertThatThrownBy(() -> OverlaySource.open(dir.resolve("absent.json"), null, OFF, ClusterRule.ANY))
                .isInstanceOfSatisfying(OverlayLoadException.class,
                        e -> assertThat(e.reason()).contains(OverlayRejection.UNREADABLE));
        Path legacy = write(legacy("c"));
        assertThatThrownBy(() -> OverlaySource.open(legacy, new ExpectedOverlayScope("n", null, null, null), OFF, ClusterRule.ANY))
                .isInstanceOfSatisfying(OverlayLoadException.class,
                        e -> assertThat(e.reason()).contains(OverlayRejection.LEGACY_NOT_ALLOWED));
    }

    @Test
    void coldStartRefusesAnOversizedFile() throws IOException {
        byte[] big = new byte[OverlayParser.MAX_BYTES + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        byte[] payload = legacy("c").getBytes(StandardCharsets.UTF_8);
        System.arraycopy(payload, 0, big, 0, payload.length);
        Path file = write(big);
        assertThatThrownBy(() -> OverlaySource.open(file, null, OFF, ClusterRule.ANY))
                .isInstanceOfSatisfying(OverlayLoadException.class, e -> assertThat(e.reason()).contains(OverlayRejection.TOO_LARGE));
    }

    @Test
    void coldStartAppliesTheClusterRule() throws IOException {
        Path file = write(legacy(" padded"));
        assertThatThrownBy(() -> OverlaySource.open(file, null, OFF, ClusterRule.ROUTE_HEADER_VALUE))
                .isInstanceOfSatisfying(OverlayLoadException.class, e -> assertThat(e.reason()).contains(OverlayRejection.CLUSTER_RULE));
    }

    @Test
    void aChangedFileSwapsAndInFlightReadersKeepTheirSnapshot() throws IOException {
        try (OverlaySource source = OverlaySource.open(write(legacy("a")), null, OFF, ClusterRule.ANY)) {
            RoutingSnapshot inFlight = source.current();
            write(legacy("b"));
            source.reloadNow();
            assertThat(cluster(source)).isEqualTo("b");
            assertThat(inFlight.candidates().get(0).cluster()).as("a request keeps what it read").isEqualTo("a");
            assertThat(source.reloadsAccepted()).isEqualTo(1);
        }
    }

    @Test
    void identicalBytesAreANoOp() throws IOException {
        try (OverlaySource source = OverlaySource.open(write(legacy("a")), null, OFF, ClusterRule.ANY)) {
            RoutingSnapshot before = source.current();
            write(legacy("a"));
            source.reloadNow();
            assertThat(source.current()).isSameAs(before);
            assertThat(source.reloadsAccepted() + source.reloadsRejected() + source.reloadsUnchanged()).isZero();
        }
    }

    @Test
    void theSameRevisionKeepsTheSnapshotAndItsCounters() throws IOException {
        try (OverlaySource source = OverlaySource.open(write(fixture("valid-multi-candidate.json")), null, OFF, ClusterRule.ANY)) {
            RoutingSnapshot before = source.current();
            write(fixture("timestamp-change-same-revision.json"));
            source.reloadNow();
            assertThat(source.current()).as("new timestamps, same meaning").isSameAs(before);
            assertThat(source.reloadsUnchanged()).isEqualTo(1);
            assertThat(source.reloadsAccepted()).isZero();
            write(fixture("valid-minimal.json"));
            source.reloadNow();
            assertThat(source.servingRevision()).contains("abd5f4855454390febb53ad2085d182c465a78c5d14f0132317b4c9335aa8494");
            assertThat(source.current().select(CandidateKind.INFERENCE_MODEL, "model-a")).isPresent();
        }
    }

    @Test
    void aRefusedReloadKeepsTheLastGoodSnapshot() throws IOException {
        try (OverlaySource source = OverlaySource.open(write(fixture("valid-multi-candidate.json")), null, OFF, ClusterRule.ANY)) {
            RoutingSnapshot good = source.current();
            for (String bad : new String[] {"network-scope-mismatch.json", "credential-unknown-strategy.json"}) {
                write(fixture(bad));
                source.reloadNow();
            }
            write("{not json");
            source.reloadNow();
            Files.delete(dir.resolve("overlay.json"));
            source.reloadNow();
            assertThat(source.current()).isSameAs(good);
            assertThat(source.reloadsRejected()).isEqualTo(4);
            write(fixture("legacy-payload.json"));
            source.reloadNow();
            assertThat(source.servingRevision()).as("a legacy overlay may follow an envelope").isEmpty();
        }
    }

    @Test
    void reloadsKeepCheckingTheExpectedScope() throws IOException {
        ExpectedOverlayScope scope = new ExpectedOverlayScope("glb-demo", null, null, "east-edge");
        try (OverlaySource source = OverlaySource.open(write(fixture("valid-multi-candidate.json")), scope, OFF, ClusterRule.ANY)) {
            write(fixture("valid-minimal.json"));
            source.reloadNow();
            write(fixture("legacy-payload.json"));
            source.reloadNow();
            assertThat(source.reloadsRejected()).as("another network, then a legacy payload").isEqualTo(2);
            assertThat(source.current().localSite()).isEqualTo("east-edge");
        }
    }
}
