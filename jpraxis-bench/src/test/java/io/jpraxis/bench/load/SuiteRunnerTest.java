package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteRunnerTest {
    @TempDir
    Path work;

    @Test
    void aTargetThatDidNotStartFailsEachOfItsRunsAndNothingIsRunAgainstIt() throws InterruptedException {
        SuiteOptions o = SuiteOptions.parse("edge", "--workloads", "tls-get-small", "--targets", "jpraxis-tls",
                "--rounds", "2");
        List<RunRecord> runs = new SuiteRunner(o, new LoadRunner(work, new ProcessReaper(), 100), Map.of()).run();
        assertThat(runs).extracting(RunRecord::round, RunRecord::target, RunRecord::ok)
                .containsExactly(tuple(1, "jpraxis-tls", false),
                        tuple(2, "jpraxis-tls", false));
        assertThat(runs.get(0).failure()).startsWith("not started");
    }

    @Test
    void everyTargetGetsTheSameTotalWarmUp() {
        SuiteOptions all = SuiteOptions.parse();
        // jpraxis runs 11 workloads (all but compression), the peers 6, jpraxis-20f only pipeline-20f,
        // jpraxis-ai only ai-path, jpraxis-dispatch the two dispatch workloads, jpraxis-edge only
        // edge-pipeline, the gzip targets only compression.
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS)).isEqualTo(5);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.NGINX)).as("55 s over 6 workloads, rounded up")
                .isEqualTo(10);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS_20F)).as("55 s in its one workload")
                .isEqualTo(55);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS_AI)).isEqualTo(55);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS_DISPATCH)).as("55 s over its two workloads")
                .isEqualTo(28);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.NETTY_FLOOR)).as("55 s in get-small, its one workload")
                .isEqualTo(55);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS_EDGE)).isEqualTo(55);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS_GZIP)).isEqualTo(55);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.NGINX_GZIP)).isEqualTo(55);
    }

    @Test
    void aSubsetSharesWarmUpAmongTheWorkloadsChosen() {
        SuiteOptions two = SuiteOptions.parse("--workloads", "get-small,pipeline-20f", "--warmup", "4");
        assertThat(SuiteRunner.warmupSeconds(two, TargetKind.JPRAXIS)).isEqualTo(4);
        assertThat(SuiteRunner.warmupSeconds(two, TargetKind.ORIGIN)).isEqualTo(8);
        assertThat(SuiteRunner.warmupSeconds(two, TargetKind.JPRAXIS_20F)).isEqualTo(8);
        assertThat(SuiteRunner.warmupSeconds(two, TargetKind.NETTY_FLOOR)).isEqualTo(8);
    }
}
