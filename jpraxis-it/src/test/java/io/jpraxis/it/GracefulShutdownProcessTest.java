package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar as a process: SIGTERM drains in-flight requests, refuses new connections and
 * exits 0 (a JVM left to its default SIGTERM handling would exit 143).
 */
@Timeout(90)
class GracefulShutdownProcessTest {
    /** Built by jpraxis-server's package phase, which the reactor runs before this module's tests. */
    private static final Path JAR = Path.of("..", "jpraxis-server", "target", "jpraxis-all.jar");
    private static final int IN_FLIGHT = 4;
    /**
     * How long the in-flight requests take at the origin: the drain must still be running after the
     * checks that follow SIGTERM (readiness, refused connections), which on a loaded machine can take
     * a few seconds of their own.
     */
    private static final int ORIGIN_DELAY_MS = 8000;

    @TempDir
    Path dir;
    private Process process;

    @AfterEach
    void killLeftovers() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
    }

    @Test
    void sigtermDrainsInFlightRequestsRefusesNewOnesAndExitsZero() throws Exception {
        try (TestOrigin origin = TestOrigin.start("slow")) {
            int port = TestOrigin.unusedPort();
            int adminPort = TestOrigin.unusedPort();
            Path log = startJar(origin, port, adminPort, 20);

            List<RawHttpConnection> clients = new ArrayList<>();
            try {
                for (int i = 0; i < IN_FLIGHT; i++) {
                    RawHttpConnection c = RawHttpConnection.open(port);
                    c.send("GET /slow/" + i + " HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DELAY_MS + ": "
                            + ORIGIN_DELAY_MS + "\r\n\r\n");
                    clients.add(c);
                }
                assertThat(waitUntil(() -> origin.requestCount() == IN_FLIGHT, 10_000))
                        .as("every request reached the origin").isTrue();

                process.destroy(); // SIGTERM on Linux

                assertThat(waitUntil(() -> readyStatus(adminPort) == 503, 3_000))
                        .as(logOf(log, "readiness turns 503 during the drain")).isTrue();
                assertThat(waitUntil(() -> refused(port), 3_000)).as("new connections are refused").isTrue();
                assertThat(process.isAlive()).as("still draining while new connections are refused").isTrue();

                for (RawHttpConnection c : clients) {
                    RawResponse r = c.readResponse();
                    assertThat(r.status()).as(logOf(log, "an in-flight request completes")).isEqualTo(200);
                }
            } finally {
                clients.forEach(RawHttpConnection::close);
            }
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as(logOf(log, "the process exits")).isTrue();
            assertThat(process.exitValue()).as(logOf(log, "a clean drain exits 0")).isZero();
            assertThat(refused(port)).isTrue();
            assertThat(Files.readString(log)).contains("SIGTERM received");
        }
    }

    @Test
    void aSecondSignalCutsTheDrainShort() throws Exception {
        try (TestOrigin origin = TestOrigin.start("stuck")) {
            int port = TestOrigin.unusedPort();
            int adminPort = TestOrigin.unusedPort();
            Path log = startJar(origin, port, adminPort, 60);
            try (RawHttpConnection client = RawHttpConnection.open(port)) {
                client.send("GET /stuck HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DELAY_MS + ": 60000\r\n\r\n");
                assertThat(waitUntil(() -> origin.requestCount() == 1, 10_000)).isTrue();

                process.destroy();
                assertThat(waitUntil(() -> readyStatus(adminPort) == 503, 3_000))
                        .as(logOf(log, "the drain began")).isTrue();
                process.destroy();

                assertThat(process.waitFor(15, TimeUnit.SECONDS))
                        .as(logOf(log, "the process stops long before the 60 s drain would end")).isTrue();
                assertThat(process.exitValue()).as(logOf(log, "still an orderly exit")).isZero();
                assertThat(client.closedByPeer()).as("the stuck request's connection was closed").isTrue();
            }
            assertThat(Files.readString(log)).contains("received again");
        }
    }

    /** Starts the jar serving a proxy to {@code origin}; returns once {@code /ready} answers 200. */
    private Path startJar(TestOrigin origin, int port, int adminPort, int shutdownTimeoutSecs) throws Exception {
        assertThat(JAR).as("the runnable jar (mvn package -pl jpraxis-server)").isRegularFile();
        Path config = dir.resolve("jpraxis.yaml");
        Files.writeString(config, TestConfigs.proxyTo(origin.address(), """
                admin:
                  address: "127.0.0.1:%d"
                shutdown_timeout_secs: %d
                """.formatted(adminPort, shutdownTimeoutSecs)).replace("127.0.0.1:0", "127.0.0.1:" + port));
        Path log = dir.resolve("jpraxis.log");
        process = new ProcessBuilder(javaBinary(), "-jar", JAR.toAbsolutePath().toString(), "serve",
                "-c", config.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(waitUntil(() -> readyStatus(adminPort) == 200, 60_000)).as(logOf(log, "gateway became ready"))
                .isTrue();
        return log;
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private static int readyStatus(int adminPort) {
        try {
            return Http.get(URI.create("http://127.0.0.1:" + adminPort + "/ready")).statusCode();
        } catch (UncheckedIOException e) {
            return -1;
        }
    }

    private static boolean refused(int port) {
        try (RawHttpConnection ignored = RawHttpConnection.open(port)) {
            return false;
        } catch (UncheckedIOException e) {
            return true;
        }
    }

    private static boolean waitUntil(BooleanSupplier condition, long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    private static String logOf(Path log, String what) {
        try {
            return what + "; process output:\n" + (Files.exists(log) ? Files.readString(log) : "(none)");
        } catch (IOException e) {
            return what + " (log unreadable: " + e.getMessage() + ")";
        }
    }
}
