package io.jpraxis.server.reload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watcher on a real directory: each way a config file gets replaced in practice is noticed.
 * Each callback releases a permit, so the tests wait for callbacks instead of sleeping.
 */
@Timeout(30)
class ConfigWatcherTest {
    private static final Duration WINDOW = Duration.ofMillis(100);
    @TempDir
    Path dir;
    private final Semaphore calls = new Semaphore(0);
    private ConfigWatcher watcher;

    @AfterEach
    void stop() {
        if (watcher != null) {
            watcher.close();
        }
    }

    private Path watch(String name, Duration poll, boolean events) throws IOException {
        return watch(name, poll, events, WINDOW);
    }

    private Path watch(String name, Duration poll, boolean events, Duration window) throws IOException {
        Path file = dir.resolve(name);
        watcher = ConfigWatcher.start(file, new Debouncer(window, window.multipliedBy(10)), poll, calls::release,
                events);
        assertThat(nextCall()).as("one authoritative look right after the watch is registered").isTrue();
        return file;
    }

    private boolean nextCall() {
        try {
            return calls.tryAcquire(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void anInPlaceWriteIsNoticed() throws IOException {
        Path file = dir.resolve("gateway.yaml");
        Files.writeString(file, "a: 1\n");
        watch("gateway.yaml", Duration.ofMinutes(10), true);

        Files.writeString(file, "a: 2\n");

        assertThat(nextCall()).as("modify event in the parent directory").isTrue();
    }

    @Test
    void anEditorsWriteThenRenameIsNoticed() throws IOException {
        Path file = dir.resolve("gateway.yaml");
        Files.writeString(file, "a: 1\n");
        watch("gateway.yaml", Duration.ofMinutes(10), true);

        Path temp = Files.writeString(dir.resolve(".gateway.yaml.swp"), "a: 2\n");
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

        assertThat(nextCall()).as("the rename creates the watched name anew").isTrue();
    }

    @Test
    void aFileDeletedAndCreatedAgainIsNoticed() throws IOException {
        Path file = dir.resolve("gateway.yaml");
        Files.writeString(file, "a: 1\n");
        watch("gateway.yaml", Duration.ofMinutes(10), true);

        Files.delete(file);
        Files.writeString(file, "a: 2\n");

        assertThat(nextCall()).isTrue();
    }

    @Test
    void aKubernetesStyleSymlinkSwapIsNoticed() throws IOException {
        // ConfigMap layout: gateway.yaml -> ..data/gateway.yaml, ..data -> ..2024_v1; an update
        // writes ..2024_v2 and renames a new ..data link over the old one. gateway.yaml never changes.
        Path v1 = Files.createDirectory(dir.resolve("..2024_v1"));
        Files.writeString(v1.resolve("gateway.yaml"), "a: 1\n");
        Files.createSymbolicLink(dir.resolve("..data"), Path.of("..2024_v1"));
        Files.createSymbolicLink(dir.resolve("gateway.yaml"), Path.of("..data/gateway.yaml"));
        watch("gateway.yaml", Duration.ofMinutes(10), true);

        Path v2 = Files.createDirectory(dir.resolve("..2024_v2"));
        Files.writeString(v2.resolve("gateway.yaml"), "a: 2\n");
        Files.createSymbolicLink(dir.resolve("..data_tmp"), Path.of("..2024_v2"));
        Files.move(dir.resolve("..data_tmp"), dir.resolve("..data"), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);

        assertThat(nextCall()).as("events on ..-prefixed entries count").isTrue();
        assertThat(Files.readString(dir.resolve("gateway.yaml"))).isEqualTo("a: 2\n");
    }

    @Test
    void pollingNoticesAChangeWhenTheFileSystemReportsNoEvents() throws IOException {
        Path file = dir.resolve("gateway.yaml");
        Files.writeString(file, "a: 1\n");
        watch("gateway.yaml", Duration.ofMillis(100), false);

        // A different size, so the fingerprint differs even where modification times are coarse.
        Files.writeString(file, "a: 22\n");

        assertThat(nextCall()).as("the fingerprint poll is the backstop").isTrue();
    }

    @Test
    void aBurstOfWritesIsOneReload() throws IOException, InterruptedException {
        Path file = dir.resolve("gateway.yaml");
        Files.writeString(file, "a: 0\n");
        Duration window = Duration.ofMillis(500);
        watch("gateway.yaml", Duration.ofMinutes(10), true, window);

        for (int i = 1; i <= 20; i++) {
            Files.writeString(file, "a: " + i + "\n");
        }
        assertThat(nextCall()).isTrue();
        // Writes done in microseconds fall into one window; a second callback would need a 500 ms
        // stall between two of them, so allow one more but never one per write.
        Thread.sleep(window.toMillis() * 3);
        assertThat(calls.availablePermits()).as("20 writes are not 20 reloads").isLessThanOrEqualTo(1);
    }

    @Test
    void eventsForOtherFilesInTheDirectoryAreIgnored() throws IOException, InterruptedException {
        Path file = dir.resolve("gateway.yaml");
        Files.writeString(file, "a: 1\n");
        watch("gateway.yaml", Duration.ofMinutes(10), true);

        Files.writeString(dir.resolve("access.log"), "a line\n");
        Files.writeString(dir.resolve("..hidden"), "x\n");

        assertThat(callsAfterQuiet()).as("a log file beside the config is not a reason to reload").isZero();
        Files.writeString(file, "a: 2\n");
        assertThat(nextCall()).as("while the config's own change is").isTrue();
    }

    /** The kubelet's layout: config.yaml -> ..data/config.yaml, ..data -> the first timestamped folder. */
    private Path configMap() throws IOException {
        Path first = Files.createDirectory(dir.resolve("..2026_12_01_21_00_00.001"));
        Files.writeString(first.resolve("config.yaml"), "a: 1\n");
        Files.createSymbolicLink(dir.resolve("..data"), first.getFileName());
        return Files.createSymbolicLink(dir.resolve("config.yaml"), Path.of("..data/config.yaml"));
    }

    /** The kubelet's update, step by step: new folder, its payload, ..data_tmp renamed over ..data, old folder gone. */
    private void configMapUpdate(Duration payloadTime) throws IOException, InterruptedException {
        Path next = Files.createDirectory(dir.resolve("..2026_12_01_22_00_00.123"));
        Thread.sleep(payloadTime.toMillis());
        Files.writeString(next.resolve("config.yaml"), "a: 2\n");
        Files.createSymbolicLink(dir.resolve("..data_tmp"), next.getFileName());
        Files.move(dir.resolve("..data_tmp"), dir.resolve("..data"), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
        Files.delete(dir.resolve("..2026_12_01_21_00_00.001/config.yaml"));
        Files.delete(dir.resolve("..2026_12_01_21_00_00.001"));
    }

    /** Absence can only be shown by waiting: five windows, after which a reload would be due. */
    private int callsAfterQuiet() throws InterruptedException {
        Thread.sleep(WINDOW.toMillis() * 5);
        return calls.availablePermits();
    }

    @Test
    void aConfigMapSwapIsExactlyOneReloadEvenWhenItsPayloadTakesAWhile() throws IOException, InterruptedException {
        configMap();
        watch("config.yaml", Duration.ofMinutes(10), true);

        // A pause longer than the debounce window between creating the new folder and the swap:
        // counting the folder's creation would make that a reload of its own, of unchanged content.
        configMapUpdate(WINDOW.multipliedBy(4));

        assertThat(nextCall()).as("the rename over ..data is the change").isTrue();
        assertThat(Files.readString(dir.resolve("config.yaml"))).isEqualTo("a: 2\n");
        assertThat(callsAfterQuiet()).as("the new folder, ..data_tmp and the old folder's removal are not reloads")
                .isZero();
    }

    @Test
    void otherEntriesOfAConfigMapFolderCauseNoReload() throws IOException, InterruptedException {
        configMap();
        watch("config.yaml", Duration.ofMinutes(10), true);

        Files.writeString(dir.resolve("unrelated.yaml"), "b: 1\n");
        Path stray = Files.createDirectory(dir.resolve("..2026_12_01_23_00_00.456"));
        Files.writeString(stray.resolve("config.yaml"), "a: 3\n");
        Files.createSymbolicLink(dir.resolve("..data_tmp"), stray.getFileName());
        Files.delete(dir.resolve("..data_tmp"));

        assertThat(callsAfterQuiet()).as("only config.yaml and ..data are what config.yaml reads through").isZero();
    }

    @Test
    void pollingNoticesAConfigMapSwapAndNothingElse() throws IOException, InterruptedException {
        configMap();
        watch("config.yaml", WINDOW, false);

        Files.writeString(dir.resolve("unrelated.yaml"), "b: 1\n");
        assertThat(callsAfterQuiet()).as("the poll compares the config file, not the folder").isZero();

        configMapUpdate(Duration.ZERO);
        assertThat(nextCall()).as("the file read through the new ..data is another file").isTrue();
        assertThat(callsAfterQuiet()).as("one change, one reload").isZero();
    }

    @Test
    void closeStopsTheWatcherThread() throws IOException {
        watch("gateway.yaml", Duration.ofMinutes(10), true);
        watcher.close();

        assertThat(Thread.getAllStackTraces().keySet().stream().map(Thread::getName))
                .as("no watcher thread is left behind").doesNotContain("jpraxis-config-watcher");
    }
}
