package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SuiteRunnerTest {

    @Test
    void everyTargetGetsTheSameTotalWarmUp() {
        SuiteOptions all = SuiteOptions.parse();
        // jpraxis runs all 10 workloads, the peers 6, jpraxis-20f only pipeline-20f, jpraxis-ai only
        // ai-path, jpraxis-dispatch the two dispatch workloads.
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS)).isEqualTo(5);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.NGINX)).as("50 s over 6 workloads, rounded up")
                .isEqualTo(9);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS_20F)).as("50 s in its one workload")
                .isEqualTo(50);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS_AI)).isEqualTo(50);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.JPRAXIS_DISPATCH)).as("50 s over its two workloads")
                .isEqualTo(25);
        assertThat(SuiteRunner.warmupSeconds(all, TargetKind.NETTY_FLOOR)).as("50 s in get-small, its one workload")
                .isEqualTo(50);
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
