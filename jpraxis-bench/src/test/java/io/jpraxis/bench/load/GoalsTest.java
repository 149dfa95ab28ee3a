package io.jpraxis.bench.load;

import static io.jpraxis.bench.load.Rows.row;
import static io.jpraxis.bench.load.Rows.withErrors;
import static io.jpraxis.bench.load.TargetKind.HAPROXY;
import static io.jpraxis.bench.load.TargetKind.HAPROXY_GZIP;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_20F;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_AI;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_DISPATCH;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_EDGE;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_GZIP;
import static io.jpraxis.bench.load.TargetKind.NGINX;
import static io.jpraxis.bench.load.TargetKind.NGINX_GZIP;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.bench.load.GoalResult.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoalsTest {

    private static MedianTable table(TargetMedians... rows) {
        return new MedianTable(List.of(rows));
    }

    @Test
    void smallGetThroughputMustMatchBothPeers() {
        MedianTable t = table(row("get-small", NGINX, 40_000, 3000, 30, 20), row("get-small", HAPROXY, 38_000, 3000, 30, 20),
                row("get-small", JPRAXIS, 39_000, 2000, 30, 200));
        GoalResult g = Goals.smallGetThroughput(t);
        assertThat(g.verdict()).as("above HAProxy but below nginx").isEqualTo(Verdict.FAIL);
        assertThat(g.detail()).isEqualTo("jpraxis 39,000 req/s; nginx 40,000 (x0.98); haproxy 38,000 (x1.03)");
        assertThat(Goals.smallGetTail(t).verdict()).as("2 ms p99 against 3 ms and 3 ms").isEqualTo(Verdict.PASS);
    }

    @Test
    void cpuPerRequestMayBeUpToOnePointTwoTimesNginx() {
        MedianTable atLimit = table(row("get-small", NGINX, 1, 1, 30, 1), row("get-small", JPRAXIS, 1, 1, 36, 1));
        MedianTable over = table(row("get-small", NGINX, 1, 1, 30, 1), row("get-small", JPRAXIS, 1, 1, 36.1, 1));
        assertThat(Goals.smallGetCpu(atLimit).verdict()).isEqualTo(Verdict.PASS);
        assertThat(Goals.smallGetCpu(over).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(Goals.smallGetCpu(over).detail()).isEqualTo("jpraxis 36.1 us/req; nginx 30.0 us/req (x1.20)");
    }

    @Test
    void largePostComparesWithNginxOnly() {
        MedianTable t = table(row("post-1m", NGINX, 500, 1, 1, 1), row("post-1m", JPRAXIS, 510, 1, 1, 1));
        assertThat(Goals.largePost(t).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void memoryIsFlatWithinSixteenMibOrTenPercent() {
        // 200 MiB -> 218 MiB: 18 MiB is over the 16 MiB allowance but within 10 % (20 MiB).
        assertThat(Goals.flatMemory(table(row("post-64k", JPRAXIS, 1, 1, 1, 200), row("post-1m", JPRAXIS, 1, 1, 1, 218)))
                .verdict()).isEqualTo(Verdict.PASS);
        // 100 MiB -> 115 MiB: 15 % but within 16 MiB.
        assertThat(Goals.flatMemory(table(row("post-64k", JPRAXIS, 1, 1, 1, 100), row("post-1m", JPRAXIS, 1, 1, 1, 115)))
                .verdict()).isEqualTo(Verdict.PASS);
        GoalResult grew = Goals.flatMemory(table(row("post-64k", JPRAXIS, 1, 1, 1, 100),
                row("post-1m", JPRAXIS, 1, 1, 1, 130)));
        assertThat(grew.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(grew.detail()).isEqualTo("post-64k 100.0 MiB; post-1m 130.0 MiB (+30.0 MiB, 30.0%)");
    }

    @Test
    void manyConnectionsWantNoErrorInAnyRoundAndBoundedMemory() {
        TargetMedians clean = row("conns-1000", JPRAXIS, 1, 1, 1, 180);
        assertThat(Goals.manyConnections(table(clean)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(Goals.manyConnections(table(Rows.withErrors(clean, 1))).verdict())
                .as("one error in one round fails it, though the median is 0").isEqualTo(Verdict.FAIL);
        assertThat(Goals.manyConnections(table(row("conns-1000", JPRAXIS, 1, 1, 1, 256))).verdict())
                .as("256 MiB is not under 256 MiB").isEqualTo(Verdict.FAIL);
    }

    @Test
    void pipelineMayCostUpToTenPercent() {
        assertThat(Goals.pipeline(table(row("pipeline-20f", JPRAXIS, 10_000, 1, 1, 1),
                row("pipeline-20f", JPRAXIS_20F, 9_000, 1, 1, 1))).verdict()).isEqualTo(Verdict.PASS);
        assertThat(Goals.pipeline(table(row("pipeline-20f", JPRAXIS, 10_000, 1, 1, 1),
                row("pipeline-20f", JPRAXIS_20F, 8_999, 1, 1, 1))).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void aiPathMayAddUpToThreeTenthsOfAMillisecondAtTheMedian() {
        // row() puts p50 at half the p99 given: plain p50 1.0 ms.
        assertThat(Goals.aiPath(table(row("ai-path", JPRAXIS, 1, 2000, 1, 1), row("ai-path", JPRAXIS_AI, 1, 2600, 1, 1)))
                .verdict()).isEqualTo(Verdict.PASS);
        GoalResult over = Goals.aiPath(table(row("ai-path", JPRAXIS, 1, 2000, 1, 1),
                row("ai-path", JPRAXIS_AI, 1, 2602, 1, 1)));
        assertThat(over.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(over.detail()).contains("+0.30");
    }

    @Test
    void eachDispatchPathMayCostUpToTenPercentOfThePlainPath() {
        MedianTable t = table(row("dispatch-direct", JPRAXIS, 10_000, 1, 1, 1),
                row("dispatch-direct", JPRAXIS_DISPATCH, 9_000, 1, 1, 1),
                row("dispatch-irr", JPRAXIS, 10_000, 1, 1, 1), row("dispatch-irr", JPRAXIS_DISPATCH, 8_999, 1, 1, 1));
        assertThat(Goals.dispatch(t, "dispatch-direct").verdict()).isEqualTo(Verdict.PASS);
        GoalResult irr = Goals.dispatch(t, "dispatch-irr");
        assertThat(irr.verdict()).as("each path is judged against its own plain run").isEqualTo(Verdict.FAIL);
        assertThat(irr.goal()).isEqualTo("dispatch-irr req/s >= 0.9x plain jpraxis");
    }

    @Test
    void edgePipelineMayCostUpToFifteenPercentAndMayAnswerNoError() {
        TargetMedians plain = row("edge-pipeline", JPRAXIS, 40_000, 1, 1, 1);
        assertThat(Goals.edgePipeline(table(plain, row("edge-pipeline", JPRAXIS_EDGE, 34_000, 1, 1, 1))).verdict())
                .as("0.85x exactly").isEqualTo(Verdict.PASS);
        GoalResult slow = Goals.edgePipeline(table(plain, row("edge-pipeline", JPRAXIS_EDGE, 33_900, 1, 1, 1)));
        assertThat(slow.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(slow.detail()).isEqualTo("edge 33,900 req/s; plain 40,000 req/s (x0.85); errors 0 and 0");
        GoalResult refusing = Goals.edgePipeline(table(plain,
                withErrors(row("edge-pipeline", JPRAXIS_EDGE, 90_000, 1, 1, 1), 5)));
        assertThat(refusing.verdict()).as("fast because it answers 401s: not a pass").isEqualTo(Verdict.FAIL);
        assertThat(Goals.edgePipeline(table(withErrors(plain, 1), row("edge-pipeline", JPRAXIS_EDGE, 40_000, 1, 1, 1)))
                .verdict()).as("the plain path's errors spoil the comparison too").isEqualTo(Verdict.FAIL);
    }

    @Test
    void compressionMustMatchNginxAtTheSameLevelWithHaproxyShownBeside() {
        TargetMedians nginx = row("compression", NGINX_GZIP, 5_000, 1, 1, 1);
        TargetMedians haproxy = row("compression", HAPROXY_GZIP, 9_000, 1, 1, 1);
        GoalResult pass = Goals.compression(table(nginx, haproxy, row("compression", JPRAXIS_GZIP, 5_000, 1, 1, 1)));
        assertThat(pass.verdict()).as("equal to nginx; HAProxy's libslz is not the goal").isEqualTo(Verdict.PASS);
        assertThat(pass.detail()).isEqualTo(
                "jpraxis-gzip 5,000 req/s; nginx-gzip 5,000 (x1.00); haproxy-gzip 9,000 (x0.56); errors 0");
        assertThat(Goals.compression(table(nginx, row("compression", JPRAXIS_GZIP, 4_900, 1, 1, 1))).verdict())
                .isEqualTo(Verdict.FAIL);
        assertThat(Goals.compression(table(nginx, withErrors(row("compression", JPRAXIS_GZIP, 6_000, 1, 1, 1), 3)))
                .verdict()).as("errors fail it").isEqualTo(Verdict.FAIL);
    }

    @Test
    void coldStartIsJudgedOnTheMedian() {
        GoalResult g = Goals.coldStart(List.of(1500.0, 700.0, 800.0));
        assertThat(g.verdict()).as("one slow start among three does not decide it").isEqualTo(Verdict.PASS);
        assertThat(g.detail()).isEqualTo("median 800.0 ms; runs 1500.0, 700.0, 800.0 ms");
    }

    @Test
    void goalsWhoseWorkloadsDidNotRunAreNotMeasured() {
        List<GoalResult> goals = Goals.evaluate(table(row("get-small", JPRAXIS, 1, 1, 1, 1)), List.of());
        assertThat(goals).hasSize(13).extracting(GoalResult::verdict).containsOnly(Verdict.NOT_MEASURED);
    }

    @Test
    void aTargetWhoseRunsAllFailedIsNotMeasured() {
        TargetMedians failed = new TargetMedians("post-1m", "jpraxis", Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, 0, 0, 3);
        assertThat(Goals.largePost(table(row("post-1m", NGINX, 500, 1, 1, 1), failed)).verdict())
                .isEqualTo(Verdict.NOT_MEASURED);
    }
}
