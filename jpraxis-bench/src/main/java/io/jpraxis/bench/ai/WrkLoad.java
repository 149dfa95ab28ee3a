package io.jpraxis.bench.ai;

import io.jpraxis.bench.load.ClockTicks;
import io.jpraxis.bench.load.ToolResult;
import io.jpraxis.bench.load.WrkResultParser;
import io.jpraxis.bench.load.WrkScript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /** Runs wrk against {@code gateway}'s port for {@code seconds}. */
    Round run(GatewayProcess gateway, int seconds) throws IOException, InterruptedException {
        return runTogether(List.of(gateway), seconds).getFirst();
    }

    /**
     * One wrk per gateway, all started at once and running for {@code seconds}: each gateway's
     * figures are taken under the same conditions on the machine as the others'.
     */
    List<Round> runTogether(List<GatewayProcess> gateways, int seconds) throws IOException, InterruptedException {
        long[] before = new long[gateways.size()];
        Process[] wrks = new Process[gateways.size()];
        for (int i = 0; i < gateways.size(); i++) {
            before[i] = gateways.get(i).cpuTicks();
            wrks[i] = new ProcessBuilder(List.of("wrk", "-t" + threads, "-c" + connections, "-d" + seconds + "s",
                    "--timeout", "5s", "-s", script.toString(),
                    "http://127.0.0.1:" + gateways.get(i).port() + ChatRequests.PATH)).redirectErrorStream(true).start();
        }
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < gateways.size(); i++) {
            // wrk prints only when it ends, so reading one after the other never blocks a pipe.
            byte[] out = wrks[i].getInputStream().readAllBytes();
            if (!wrks[i].waitFor(seconds + 30L, TimeUnit.SECONDS)) {
                wrks[i].destroyForcibly();
                throw new IllegalStateException("wrk did not finish against " + gateways.get(i).name());
            }
            long after = gateways.get(i).cpuTicks();
            rounds.add(new Round(WrkResultParser.parse(new String(out)), (after - before[i]) / (double) TICKS_PER_SECOND));
        }
        return rounds;
    }
}
