package io.jpraxis.ai.overlay;

import static io.jpraxis.ai.overlay.OverlayFilesForTests.await;
import static io.jpraxis.ai.overlay.OverlayFilesForTests.cluster;
import static io.jpraxis.ai.overlay.OverlayFilesForTests.legacy;
import static io.jpraxis.ai.overlay.OverlayFilesForTests.replace;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.candidate.RoutingSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hot reload through real files and the directory watcher; every wait is a bounded poll. */
class OverlayWatcherTest {
    private static final ReloadSettings FAST = new ReloadSettings(true, Duration.ofMillis(50));

    @TempDir
    Path dir;

    @Test
    void reloadsWhenTheFileChanges() throws Exception {
        Path file = Files.writeString(dir.resolve("overlay.json"), legacy("a"));
        try (OverlaySource source = OverlaySource.open(file, null, FAST, ClusterRule.ANY)) {
            source.start();
            assertThat(source.isWatching()).isTrue();
            replace(file, legacy("b"));
            await("cluster b", () -> cluster(source).equals("b"));
            Files.writeString(file, legacy("c")); // in place, not renamed
            await("cluster c", () -> cluster(source).equals("c"));
            assertThat(source.reloadsAccepted()).isEqualTo(2);
        }
    }

    @Test
    void followsAConfigMapSymlinkSwap() throws Exception {
        // kubelet's layout: overlay.json -> ..data/overlay.json, ..data -> ..<timestamp>/
        Path first = Files.createDirectory(dir.resolve("..2026_01"));
        Files.writeString(first.resolve("overlay.json"), legacy("first"));
        Files.createSymbolicLink(dir.resolve("..data"), first.getFileName());
        Path file = Files.createSymbolicLink(dir.resolve("overlay.json"), Path.of("..data/overlay.json"));
        try (OverlaySource source = OverlaySource.open(file, null, FAST, ClusterRule.ANY)) {
            source.start();
            assertThat(cluster(source)).isEqualTo("first");
            Path second = Files.createDirectory(dir.resolve("..2026_02"));
            Files.writeString(second.resolve("overlay.json"), legacy("second"));
            Path staged = Files.createSymbolicLink(dir.resolve("..data_tmp"), second.getFileName());
            Files.move(staged, dir.resolve("..data"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            await("the swapped-in data", () -> cluster(source).equals("second"));
        }
    }

    @Test
    void anInvalidReloadKeepsServingTheLastGoodOne() throws Exception {
        Path file = Files.writeString(dir.resolve("overlay.json"), legacy("good"));
        try (OverlaySource source = OverlaySource.open(file, null, FAST, ClusterRule.ANY)) {
            source.start();
            RoutingSnapshot good = source.current();
            replace(file, "{\"local_site\": \"hub\", \"candidates\": []}");
            await("a refused reload", () -> source.reloadsRejected() == 1);
            assertThat(source.current()).isSameAs(good);
            replace(file, legacy("better"));
            await("recovery", () -> cluster(source).equals("better"));
        }
    }

    @Test
    void theSameRevisionIsANoOp() throws Exception {
        Path file = Files.write(dir.resolve("overlay.json"), OverlayFilesForTests.fixture("valid-multi-candidate.json"));
        try (OverlaySource source = OverlaySource.open(file, null, FAST, ClusterRule.ANY)) {
            source.start();
            RoutingSnapshot before = source.current();
            replace(file, OverlayFilesForTests.fixture("timestamp-change-same-revision.json"));
            await("the rewrite to be read", () -> source.reloadsUnchanged() == 1);
            assertThat(source.current()).isSameAs(before);
            assertThat(source.reloadsAccepted()).isZero();
        }
    }

    @Test
    void aBurstOfWritesSettlesIntoOneReload() throws Exception {
        Path file = Files.writeString(dir.resolve("overlay.json"), legacy("v0"));
        // Wide enough that five writes fit in it on a loaded 2-core machine.
        ReloadSettings slow = new ReloadSettings(true, Duration.ofSeconds(3));
        try (OverlaySource source = OverlaySource.open(file, null, slow, ClusterRule.ANY)) {
            source.start();
            for (int i = 1; i <= 5; i++) {
                replace(file, legacy("v" + i));
            }
            await("the last write", () -> cluster(source).equals("v5"));
            assertThat(source.reloadsAccepted()).as("five writes well inside one debounce window").isEqualTo(1);
        }
    }

    @Test
    void closeStopsTheWatcher() throws Exception {
        Path file = Files.writeString(dir.resolve("overlay.json"), legacy("a"));
        OverlaySource source = OverlaySource.open(file, null, FAST, ClusterRule.ANY);
        source.start();
        assertThat(source.isWatching()).isTrue();
        source.close();
        assertThat(source.isWatching()).as("joined on close").isFalse();
        source.close();
        assertThat(cluster(source)).as("the last snapshot stays readable").isEqualTo("a");
    }

    @Test
    void seesAChangeMadeRightAfterTheColdStart() throws IOException, InterruptedException {
        Path file = Files.writeString(dir.resolve("overlay.json"), legacy("a"));
        try (OverlaySource source = OverlaySource.open(file, null, new ReloadSettings(true, Duration.ZERO), ClusterRule.ANY)) {
            source.start();
            replace(file, legacy("b"));
            await("cluster b", () -> cluster(source).equals("b"));
        }
    }
}
