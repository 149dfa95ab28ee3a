package io.jpraxis.bench.ai;

import io.jpraxis.bench.load.ClockTicks;
import io.jpraxis.bench.load.ToolResult;
import io.jpraxis.bench.load.WrkResultParser;
import io.jpraxis.bench.load.WrkScript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One wrk run of a POST against one port for a fixed time, with the CPU time the gateway's JVM
 * spent meanwhile (from /proc; the fake provider and wrk are other processes).
 */
final class WrkLoad {
    private static final long TICKS_PER_SECOND = ClockTicks.perSecond();

    private final Path script;
    private final int threads;
    private final int connections;

    /** wrk with {@code threads} threads and {@code connections} connections sending {@code body}. */
    WrkLoad(Path dir, String name, String body, Map<String, String> headers, int threads, int connections)
            throws IOException {
        this.script = Files.writeString(dir.resolve("wrk-" + name + ".lua"), WrkScript.renderPost(body, headers));
        this.threads = threads;
        this.connections = connections;
    }

    int connections() {
        return connections;
    }

    /** What wrk measured and the gateway's CPU over the run. */
    record Round(ToolResult wrk, double gatewayCpuSeconds) {
        double cpuMillisPerRequest() {
            return wrk.requests() == 0 ? Double.NaN : gatewayCpuSeconds * 1e3 / wrk.requests();
        }
    }

    /** Runs wrk against {@code gateway}'s port (null: against {@code port} with no CPU figure). */
    Round run(GatewayProcess gateway, int port, int seconds) throws IOException, InterruptedException {
        List<String> argv = List.of("wrk", "-t" + threads, "-c" + connections, "-d" + seconds + "s", "--timeout",
                "5s", "-s", script.toString(), "http://127.0.0.1:" + port + ChatRequests.PATH);
        long before = gateway == null ? 0 : gateway.cpuTicks();
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(seconds + 30L, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("wrk did not finish: " + argv);
        }
        long after = gateway == null ? 0 : gateway.cpuTicks();
        ToolResult result = WrkResultParser.parse(new String(out));
        return new Round(result, (after - before) / (double) TICKS_PER_SECOND);
    }
}
