package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MedianTableTest {

    private static RunRecord run(int round, String target, double rps, long p99, long errors, double rssMiB) {
        ToolResult r = new ToolResult((long) rps * 10, 10, rps, errors, Map.of(), p99 / 2, p99 - 1, p99);
        return RunRecord.measured(round, "get-small", target, r, new ResourceUsage((long) rps / 10, (long) (rssMiB * 1024), 0),
                100, new OtherLoad.Share(1, 0));
    }

    @Test
    void mediansAreTakenPerFigureAcrossMeasuredRounds() {
        List<RunRecord> runs = List.of(
                run(0, "jpraxis", 1, 999_999, 50, 900),
                run(1, "jpraxis", 30_000, 3000, 0, 200),
                run(2, "jpraxis", 32_000, 2000, 2, 210),
                run(3, "jpraxis", 31_000, 9000, 0, 190),
                RunRecord.failed(4, "get-small", "jpraxis", "wrk exited"));
        MedianTable t = MedianTable.from(List.of(Workloads.byName("get-small").orElseThrow()), runs);
        TargetMedians m = t.find("get-small", TargetKind.JPRAXIS).orElseThrow();
        assertThat(m.requestsPerSecond()).as("the warm-up (round 0) is not counted").isEqualTo(31_000);
        assertThat(m.p99Micros()).isEqualTo(3000);
        assertThat(m.peakRssMiB()).isEqualTo(200);
        assertThat(m.errorsMedian()).isZero();
        assertThat(m.errorsTotal()).isEqualTo(2);
        assertThat(m.runs()).isEqualTo(3);
        assertThat(m.failedRuns()).isEqualTo(1);
        assertThat(t.find("get-small", TargetKind.NGINX)).as("a target without runs has no row").isEmpty();
    }

    @Test
    void cpuPerRequestComesFromTicksAndRequests() {
        ToolResult r = new ToolResult(100_000, 10, 10_000, 0, Map.of(), 1, 2, 3);
        RunRecord rec = RunRecord.measured(1, "get-small", "nginx", r, new ResourceUsage(250, 20 * 1024, 18 * 1024), 100,
                new OtherLoad.Share(1, 0));
        assertThat(rec.cpuMicrosPerRequest()).as("250 ticks of 10 ms = 2.5 s over 100,000 requests").isEqualTo(25.0);
        assertThat(rec.peakRssMiB()).isEqualTo(20.0);
        assertThat(rec.startRssMiB()).isEqualTo(18.0);
    }
}
