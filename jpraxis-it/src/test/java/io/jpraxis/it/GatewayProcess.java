package io.jpraxis.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The runnable jar ({@code jpraxis-all.jar}) serving a config in a child JVM with the options a
 * test chooses (a small heap, say), its output captured in a file.
 */
final class GatewayProcess implements AutoCloseable {
    private final Process process;
    private final Path config;
    private final Path log;

    private GatewayProcess(Process process, Path config, Path log) {
        this.process = process;
        this.config = config;
        this.log = log;
    }

    /** Starts {@code serve -c} on {@code yaml} and waits until {@code port} accepts connections. */
    static GatewayProcess serve(String yaml, int port, List<String> jvmOptions) throws IOException {
        return serve(yaml, port, jvmOptions, List.of());
    }

    /** As {@link #serve(String, int, List)}, with {@code options} after {@code serve} (say {@code --features x}). */
    static GatewayProcess serve(String yaml, int port, List<String> jvmOptions, List<String> options)
            throws IOException {
        Path jar = Path.of(System.getProperty("jpraxis.jar", "../jpraxis-server/target/jpraxis-all.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("runnable jar not found: " + jar.toAbsolutePath()
                    + " (expected: built by jpraxis-server's package phase; run the reactor with verify)");
        }
        Path dir = Files.createTempDirectory("jpraxis-process");
        Path config = Files.writeString(dir.resolve("gateway.yaml"), yaml);
        Path log = dir.resolve("gateway.log");
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar.toString(), "serve", "-c", config.toString()));
        command.addAll(options);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        GatewayProcess gateway = new GatewayProcess(process, config, log);
        gateway.awaitPort(port);
        return gateway;
    }

    private void awaitPort(int port) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("gateway exited with " + process.exitValue() + ":\n" + output());
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                sleep(100);
            }
        }
        close();
        throw new IllegalStateException("gateway did not listen on " + port + " within 30 s:\n" + output());
    }

    /** The config file the process serves (and reloads when it changes). */
    Path config() {
        return config;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Everything the process printed so far. */
    String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
