package io.jpraxis.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real {@code redis-server} (Debian's package, which {@code .ci/run} installs) on a free loopback
 * port, no persistence, for the shared-state tests. It can be stopped and started again on the
 * same port (an outage and a recovery), and take a password. Where {@code redis-server} is not
 * installed the test is skipped, unless {@code JPRAXIS_REQUIRE_REDIS=1} (CI) makes that a failure.
 */
public final class RedisServer implements AutoCloseable {
    private final int port;
    private final String password;
    private final Path dir;
    private Process process;

    private RedisServer(int port, String password) throws IOException {
        this.port = port;
        this.password = password;
        this.dir = Files.createTempDirectory("jpraxis-redis");
    }

    /** A server without a password, started. */
    public static RedisServer start() {
        return start(null);
    }

    /** A server that requires {@code password} (null: none), started. */
    public static RedisServer start(String password) {
        String binary = binary();
        try {
            RedisServer server = new RedisServer(TestOrigin.unusedPort(), password);
            server.launch(binary);
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String binary() {
        for (String candidate : List.of("/usr/bin/redis-server", "/usr/local/bin/redis-server")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        if ("1".equals(System.getenv("JPRAXIS_REQUIRE_REDIS"))) {
            throw new IllegalStateException("redis-server is not installed (expected: .ci/run installs Debian's "
                    + "redis-server)");
        }
        Assumptions.abort("redis-server is not installed");
        return null;
    }

    private void launch(String binary) throws IOException {
        List<String> command = new ArrayList<>(List.of(binary, "--port", Integer.toString(port), "--bind",
                "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString(),
                "--enable-debug-command", "local", "--protected-mode", "no"));
        if (password != null) {
            command.addAll(List.of("--requirepass", password));
        }
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis.log").toFile()).start();
        awaitPing();
    }

    private void awaitPing() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try {
                command("PING");
                return;
            } catch (IOException notYet) {
                sleep(50);
            }
        }
        throw new IllegalStateException("redis-server did not answer on port " + port);
    }

    public int port() {
        return port;
    }

    /** {@code redis://[:password@]127.0.0.1:port}. */
    public String url() {
        return url(password);
    }

    /** The URL with {@code pass} as the password (a wrong one, say). */
    public String url(String pass) {
        return "redis://" + (pass == null ? "" : ":" + pass + "@") + "127.0.0.1:" + port;
    }

    /** Stops the server (an outage); {@link #restart()} brings it back on the same port, empty. */
    public void stop() {
        if (process != null) {
            process.destroy();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    /** Starts it again on the same port. */
    public void restart() {
        stop();
        try {
            launch(binary());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sends one command over a plain RESP connection (authenticating first when the server has a
     * password) and returns the first reply line.
     */
    public String command(String... words) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            if (password != null) {
                out.write(resp("AUTH", password));
                readLine(in);
            }
            out.write(resp(words));
            out.flush();
            return readLine(in);
        }
    }

    private static byte[] resp(String... words) {
        StringBuilder sb = new StringBuilder("*").append(words.length).append("\r\n");
        for (String w : words) {
            sb.append('$').append(w.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(w).append("\r\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (c != '\r') {
                sb.append((char) c);
            }
        }
        if (c == -1 && sb.isEmpty()) {
            throw new IOException("connection closed");
        }
        return sb.toString();
    }

    @Override
    public void close() {
        stop();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
