package io.jpraxis.http.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.testkit.TestTls;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watcher on real directories: each way certificate files get replaced in practice reloads,
 * a failed reload is retried on its own, and the meters say what happened. The target records each
 * reload in a queue, so the tests wait for reloads instead of sleeping.
 */
@Timeout(30)
class CertificateWatcherTest {
    private static final ReloadDelays FAST =
            new ReloadDelays(Duration.ofMillis(20), Duration.ofMillis(20), Duration.ofMillis(160));

    @TempDir
    Path dir;
    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final CertificateWatcher watcher = new CertificateWatcher(meters, FAST);
    /** Each reload's outcome: the subject loaded, or the failure's message. */
    private final BlockingQueue<String> reloads = new LinkedBlockingQueue<>();
    /** While set, every reload fails, whatever the files hold. */
    private final AtomicBoolean broken = new AtomicBoolean();

    @AfterEach
    void close() {
        watcher.close();
    }

    /** Reads the chain and refuses a key file that says it does not match, as the real holder would. */
    private List<X509Certificate> load(Path cert, Path key) throws IOException {
        if (broken.get() || Files.readString(key).contains("mismatched")) {
            String reason = key + ": the key does not match the certificate";
            reloads.add("failed: " + reason);
            throw new IOException(reason);
        }
        X509Certificate leaf = parse(cert);
        reloads.add(leaf.getSubjectX500Principal().getName());
        return List.of(leaf);
    }

    private static X509Certificate parse(Path cert) throws IOException {
        try (InputStream in = Files.newInputStream(cert)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        } catch (java.security.cert.CertificateException e) {
            throw new IOException(cert + ": " + e.getMessage(), e);
        }
    }

    private static Path testCert(String name) {
        return Path.of(TestTls.file(name));
    }

    private static String subject(String name) throws IOException {
        return parse(testCert(name)).getSubjectX500Principal().getName();
    }

    private WatchedTlsFiles watch(Path cert, Path key) {
        var config = new Certificate(cert.toString(), key.toString(), List.of(), false);
        WatchedTlsFiles files =
                WatchedTlsFiles.of(WatchedTlsFilesTest.tls(List.of(config), null, null)).orElseThrow();
        watcher.watch("public", files, () -> load(cert, key));
        return files;
    }

    private String nextReload() throws InterruptedException {
        String outcome = reloads.poll(10, TimeUnit.SECONDS);
        assertThat(outcome).as("a reload within 10 s").isNotNull();
        return outcome;
    }

    private double reloadCount(String outcome) {
        var counter = meters.find("jpraxis.tls.certificate_reloads").tag("listener", "public").tag("outcome", outcome)
                .counter();
        return counter == null ? -1 : counter.count();
    }

    /** The counter is bumped just after the target returns, on the watcher thread: wait for it. */
    private double awaitReloadCount(String outcome, double atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (reloadCount(outcome) < atLeast && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return reloadCount(outcome);
    }

    private Path copy(String testFile, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        return Files.copy(testCert(testFile), to, StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void thePeriodicRecheckFindsFilesChangedWithoutAnEvent() throws Exception {
        Path cert = copy(TestTls.SERVER_CERT, dir.resolve("tls.crt"));
        Path key = Files.writeString(dir.resolve("tls.key"), "key one");
        Duration hour = Duration.ofHours(1); // no reload runs during the test: only the recheck is looked at
        try (CertificateWatcher slow = new CertificateWatcher(meters, new ReloadDelays(hour, hour, hour))) {
            var config = new Certificate(cert.toString(), key.toString(), List.of(), false);
            slow.watch("public", WatchedTlsFiles.of(WatchedTlsFilesTest.tls(List.of(config), null, null)).orElseThrow(),
                    () -> load(cert, key));

            assertThat(slow.scheduleChangedFiles(System.nanoTime())).as("files as loaded").isEmpty();
            Files.writeString(key, "key two");
            assertThat(slow.scheduleChangedFiles(System.nanoTime())).containsExactly("public");
        }
        assertThat(reloads).as("nothing reloaded in the hour-long delays").isEmpty();
    }

    @Test
    void anInPlaceRewriteReloads() throws Exception {
        Path cert = copy(TestTls.SERVER_CERT, dir.resolve("tls.crt"));
        Path key = Files.writeString(dir.resolve("tls.key"), "key one");
        watch(cert, key);

        copy(TestTls.CA, cert);
        Files.writeString(key, "key two");

        assertThat(nextReload()).isEqualTo(subject(TestTls.CA));
        assertThat(awaitReloadCount("success", 1)).isEqualTo(1);
        assertThat(reloadCount("failure")).isZero();
    }

    @Test
    void anEditorsRenameOverTheFileReloads() throws Exception {
        Path cert = copy(TestTls.SERVER_CERT, dir.resolve("tls.crt"));
        Path key = Files.writeString(dir.resolve("tls.key"), "key one");
        watch(cert, key);

        Path temp = copy(TestTls.CA, dir.resolve(".tls.crt.swp"));
        Files.move(temp, cert, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

        assertThat(nextReload()).isEqualTo(subject(TestTls.CA));
    }

    /**
     * How the kubelet updates a secret volume: the files are links through {@code ..data} into a
     * timestamped folder; a new folder is written, a new link renamed over {@code ..data}, and the old
     * folder removed. The files the config names never change as entries of the directory.
     */
    @Test
    void aKubernetesSecretVolumeSwapReloads() throws Exception {
        copy(TestTls.SERVER_CERT, dir.resolve("..2026_01_01/tls.crt"));
        Files.writeString(dir.resolve("..2026_01_01/tls.key"), "key one");
        Files.createSymbolicLink(dir.resolve("..data"), Path.of("..2026_01_01"));
        Path cert = Files.createSymbolicLink(dir.resolve("tls.crt"), Path.of("..data/tls.crt"));
        Path key = Files.createSymbolicLink(dir.resolve("tls.key"), Path.of("..data/tls.key"));
        watch(cert, key);

        copy(TestTls.CA, dir.resolve("..2026_02_01/tls.crt"));
        Files.writeString(dir.resolve("..2026_02_01/tls.key"), "key two");
        Path next = Files.createSymbolicLink(dir.resolve("..data_tmp"), Path.of("..2026_02_01"));
        Files.move(next, dir.resolve("..data"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Files.delete(dir.resolve("..2026_01_01/tls.crt"));
        Files.delete(dir.resolve("..2026_01_01/tls.key"));
        Files.delete(dir.resolve("..2026_01_01"));

        assertThat(nextReload()).as("the certificate read through the swapped link").isEqualTo(subject(TestTls.CA));
    }

    @Test
    void aKeyInAnotherDirectoryIsWatchedToo() throws Exception {
        Path cert = copy(TestTls.SERVER_CERT, dir.resolve("certs/tls.crt"));
        Path key = Files.writeString(Files.createDirectories(dir.resolve("keys")).resolve("tls.key"), "key one");
        watch(cert, key);

        Files.writeString(key, "key two");

        assertThat(nextReload()).isEqualTo(subject(TestTls.SERVER_CERT));
    }

    @Test
    void aFailedReloadIsRetriedWithoutAnotherChange() throws Exception {
        Path cert = copy(TestTls.SERVER_CERT, dir.resolve("tls.crt"));
        Path key = Files.writeString(dir.resolve("tls.key"), "key one");
        watch(cert, key);
        broken.set(true);

        Files.writeString(key, "key two");
        assertThat(nextReload()).startsWith("failed: " + key);
        assertThat(awaitReloadCount("failure", 1)).isGreaterThanOrEqualTo(1);
        broken.set(false); // the files do not change: only the timed retry can reload now

        String outcome;
        do {
            outcome = nextReload();
        } while (outcome.startsWith("failed"));
        assertThat(outcome).isEqualTo(subject(TestTls.SERVER_CERT));
        assertThat(awaitReloadCount("success", 1)).isEqualTo(1);
    }

    @Test
    void aMismatchedKeyFailsUntilTheFilesAreFixed() throws Exception {
        Path cert = copy(TestTls.SERVER_CERT, dir.resolve("tls.crt"));
        Path key = Files.writeString(dir.resolve("tls.key"), "key one");
        watch(cert, key);

        Files.writeString(key, "mismatched key"); // first, so no reload in between sees a good pair
        copy(TestTls.CA, cert);
        assertThat(nextReload()).startsWith("failed:");
        assertThat(nextReload()).as("retried on a timer while the files stay wrong").startsWith("failed:");

        Files.writeString(key, "key for the CA certificate");
        String outcome;
        do {
            outcome = nextReload();
        } while (outcome.startsWith("failed"));
        assertThat(outcome).isEqualTo(subject(TestTls.CA));
    }

    @Test
    void unwatchingAndClosingStopTheWatcher() throws Exception {
        Path cert = copy(TestTls.SERVER_CERT, dir.resolve("tls.crt"));
        Path key = Files.writeString(dir.resolve("tls.key"), "key one");
        watch(cert, key);
        assertThat(watcherThreads()).as("one thread for the gateway").isEqualTo(1);

        watcher.unwatch("public");
        assertThat(watcher.watched()).isEmpty();
        assertThat(meters.find("jpraxis.tls.certificate_reloads").counters()).as("the reload counters stay")
                .isNotEmpty();

        watcher.close();
        assertThat(watcherThreads()).isZero();
    }

    @Test
    void aListenerWithHotReloadOffIsNotWatchedAndStartsNoThread() throws Exception {
        Path cert = copy(TestTls.SERVER_CERT, dir.resolve("tls.crt"));
        Path key = Files.writeString(dir.resolve("tls.key"), "key one");
        var config = new Certificate(cert.toString(), key.toString(), List.of(), false);

        boolean watched = watcher.watch("public", WatchedTlsFilesTest.tls(List.of(config), null, false),
                () -> load(cert, key));

        assertThat(watched).isFalse();
        assertThat(watcher.watched()).isEmpty();
        assertThat(watcherThreads()).as("no watch service or thread for a gateway with nothing to watch").isZero();
    }

    private static long watcherThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("jpraxis-certificate-watcher") && t.isAlive()).count();
    }
}
