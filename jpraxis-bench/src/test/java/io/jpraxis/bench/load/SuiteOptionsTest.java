package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SuiteOptionsTest {

    @Test
    void defaultsAreThreeRoundsOfTenSeconds() {
        SuiteOptions o = SuiteOptions.parse();
        assertThat(o.rounds()).isEqualTo(3);
        assertThat(o.durationSeconds()).isEqualTo(10);
        assertThat(o.warmupSeconds()).isEqualTo(5);
        assertThat(o.workloads()).isEqualTo(Workloads.ALL);
        assertThat(o.reportable()).isTrue();
    }

    @Test
    void quickIsOneShortRoundAndNotAResult() {
        SuiteOptions o = SuiteOptions.parse("--quick");
        assertThat(o.rounds()).isEqualTo(1);
        assertThat(o.durationSeconds()).isEqualTo(3);
        assertThat(o.reportable()).isFalse();
    }

    @Test
    void explicitOptionsWinOverQuickInAnyOrder() {
        SuiteOptions o = SuiteOptions.parse("--duration", "5", "--quick", "--rounds", "2");
        assertThat(o.durationSeconds()).isEqualTo(5);
        assertThat(o.rounds()).isEqualTo(2);
    }

    @Test
    void fewerThanThreeRoundsAreNotReportable() {
        assertThat(SuiteOptions.parse("--rounds", "2").reportable()).isFalse();
        assertThat(SuiteOptions.parse("--rounds", "5").reportable()).isTrue();
    }

    @Test
    void workloadSubsetKeepsTheSuitesOrder() {
        SuiteOptions o = SuiteOptions.parse("--workloads", "post-1m,get-small");
        assertThat(o.workloads()).extracting(Workload::name).containsExactly("get-small", "post-1m");
    }

    @Test
    void targetSubsetFiltersEachWorkloadAndTheOriginIsAlwaysStarted() {
        SuiteOptions o = SuiteOptions.parse("--targets", "jpraxis,nginx", "--workloads", "get-small,pipeline-20f");
        assertThat(o.targetsOf(Workloads.byName("get-small").orElseThrow()))
                .containsExactly(TargetKind.NGINX, TargetKind.JPRAXIS);
        assertThat(o.targetsOf(Workloads.byName("pipeline-20f").orElseThrow())).containsExactly(TargetKind.JPRAXIS);
        assertThat(o.neededTargets()).as("the proxies need the origin even when it is not measured")
                .containsExactly(TargetKind.ORIGIN, TargetKind.NGINX, TargetKind.JPRAXIS);
    }

    @Test
    void theTwentyFilterTargetIsStartedOnlyForThePipelineWorkload() {
        assertThat(SuiteOptions.parse("--workloads", "get-small").neededTargets()).doesNotContain(TargetKind.JPRAXIS_20F);
        assertThat(SuiteOptions.parse().neededTargets()).contains(TargetKind.JPRAXIS_20F);
    }

    @Test
    void edgeFirstRunsTheEdgeSuiteWithItsOriginsStarted() {
        SuiteOptions o = SuiteOptions.parse("edge", "--rounds", "5");
        assertThat(o.suite()).isEqualTo(Suite.EDGE);
        assertThat(o.workloads()).isEqualTo(EdgeWorkloads.ALL);
        assertThat(o.rounds()).isEqualTo(5);
        assertThat(o.neededTargets()).containsExactly(TargetKind.ORIGIN, TargetKind.WS_ORIGIN,
                TargetKind.NETTY_FLOOR_TLS, TargetKind.NGINX_TLS,
                TargetKind.HAPROXY_TLS, TargetKind.JPRAXIS_TLS, TargetKind.JPRAXIS_TLS_JDK, TargetKind.NGINX_WS,
                TargetKind.HAPROXY_WS, TargetKind.JPRAXIS_WS);
        assertThat(SuiteOptions.parse().suite()).isEqualTo(Suite.LOAD);
    }

    @Test
    void edgeWorkloadsAreNamedFromTheEdgeSuiteAndNeedOnlyTheirOrigin() {
        SuiteOptions o = SuiteOptions.parse("edge", "--workloads", "ws-echo", "--targets", "ws-origin,jpraxis-ws");
        assertThat(o.neededTargets()).containsExactly(TargetKind.WS_ORIGIN, TargetKind.JPRAXIS_WS);
        assertThatThrownBy(() -> SuiteOptions.parse("--workloads", "ws-echo"))
                .as("the load suite has no ws-echo").hasMessageStartingWith("--workloads: \"ws-echo\"");
    }

    @Test
    void mistakesNameTheOptionAndTheExpectation() {
        assertThatThrownBy(() -> SuiteOptions.parse("--rounds", "zero"))
                .hasMessage("--rounds: \"zero\" (expected: a positive integer)");
        assertThatThrownBy(() -> SuiteOptions.parse("--duration", "0"))
                .hasMessage("--duration: \"0\" (expected: a positive integer)");
        assertThatThrownBy(() -> SuiteOptions.parse("--rounds")).hasMessage("--rounds: missing value");
        assertThatThrownBy(() -> SuiteOptions.parse("--workloads", "get-huge"))
                .hasMessageStartingWith("--workloads: \"get-huge\" (expected one of: get-small, ");
        assertThatThrownBy(() -> SuiteOptions.parse("--targets", "envoy"))
                .hasMessageStartingWith("--targets: \"envoy\" (expected one of: origin, ws-origin, nginx, ");
        assertThatThrownBy(() -> SuiteOptions.parse("--fast")).hasMessageStartingWith("--fast: unknown option");
    }
}
