package io.jpraxis.bench.extproc;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./jpraxis extproc} as an operator starts it, on the picker example's config moved to free
 * loopback ports. The script execs java, so the process's pid is the server's for /proc figures.
 */
final class PickerServer implements AutoCloseable {
    private final Process process;
    private final int grpcPort;
    private final PhaseHistogram histogram;

    private PickerServer(Process process, int grpcPort, PhaseHistogram histogram) {
        this.process = process;
        this.grpcPort = grpcPort;
        this.histogram = histogram;
    }

    static PickerServer start(Path root, Path example, Path workDir) throws IOException, InterruptedException {
        int grpc = freePort();
        int metrics = freePort();
        String config = Files.readString(example).replaceFirst("(?m)^server:\\s*$", """
                server:
                  grpc_address: "127.0.0.1:%d"
                  health_address: "127.0.0.1:%d"
                  metrics_address: "127.0.0.1:%d\"""".formatted(grpc, freePort(), metrics));
        if (!config.contains("127.0.0.1:" + grpc)) {
            throw new IllegalArgumentException(example + ": no top-level 'server:' line to add addresses to");
        }
        Files.createDirectories(workDir);
        Path file = workDir.resolve("extproc-picker.yaml");
        Files.writeString(file, config);
        Process p = new ProcessBuilder(root.resolve("jpraxis").toString(), "extproc", "-c", file.toString())
                .redirectErrorStream(true).redirectOutput(workDir.resolve("extproc-picker-server.log").toFile()).start();
        PickerServer server = new PickerServer(p, grpc, new PhaseHistogram(metrics));
        server.awaitListening();
        return server;
    }

    /** The transport floor ({@link CannedPicker}) in its own JVM, with this JVM's java and class path. */
    static PickerServer startCanned(Path workDir) throws IOException, InterruptedException {
        int grpc = freePort();
        Files.createDirectories(workDir);
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-XX:+UseParallelGC", "-Xmn64m", "-cp", System.getProperty("java.class.path"),
                CannedPicker.class.getName(), Integer.toString(grpc)).redirectErrorStream(true)
                .redirectOutput(workDir.resolve("extproc-canned-server.log").toFile()).start();
        PickerServer server = new PickerServer(p, grpc, null);
        server.awaitListening();
        return server;
    }

    /** The server's own phase histogram, or null for the floor, which keeps none. */
    PhaseHistogram histogram() {
        return histogram;
    }

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the server exited with " + process.exitValue() + " (see its log)");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", grpcPort), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IOException("the server did not listen on " + grpcPort + " within 120 s");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    int grpcPort() {
        return grpcPort;
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
