package io.jpraxis.bench.load;

import static io.jpraxis.bench.load.Rows.row;
import static io.jpraxis.bench.load.TargetKind.HAPROXY_TLS;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_TLS;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_WS;
import static io.jpraxis.bench.load.TargetKind.NGINX_TLS;
import static io.jpraxis.bench.load.TargetKind.WS_ORIGIN;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.bench.load.GoalResult.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EdgeGoalsTest {

    private static MedianTable table(TargetMedians... rows) {
        return new MedianTable(List.of(rows));
    }

    @Test
    void tlsThroughputMustMatchBothPeersWithinThreePercent() {
        MedianTable within = table(row("tls-get-small", NGINX_TLS, 20_000, 3000, 50, 20),
                row("tls-get-small", HAPROXY_TLS, 19_000, 3000, 50, 20),
                row("tls-get-small", JPRAXIS_TLS, 19_500, 3000, 50, 200));
        MedianTable short4 = table(row("tls-get-small", NGINX_TLS, 20_000, 3000, 50, 20),
                row("tls-get-small", HAPROXY_TLS, 19_000, 3000, 50, 20),
                row("tls-get-small", JPRAXIS_TLS, 19_200, 3000, 50, 200));
        assertThat(EdgeGoals.tlsThroughput(within).verdict()).as("2.5% under nginx is within 3%")
                .isEqualTo(Verdict.PASS);
        GoalResult g = EdgeGoals.tlsThroughput(short4);
        assertThat(g.verdict()).as("4% under nginx").isEqualTo(Verdict.FAIL);
        assertThat(g.detail())
                .isEqualTo("jpraxis-tls 19,200 req/s; nginx-tls 20,000 (x0.96); haproxy-tls 19,000 (x1.01)");
    }

    @Test
    void cpuPerRequestMayBeUpToOnePointTwoTimesNginxPlusTheTolerance() {
        MedianTable atLimit = table(row("tls-get-small", NGINX_TLS, 1, 1, 50, 1),
                row("tls-get-small", JPRAXIS_TLS, 1, 1, 61.8, 1));
        MedianTable over = table(row("tls-get-small", NGINX_TLS, 1, 1, 50, 1),
                row("tls-get-small", JPRAXIS_TLS, 1, 1, 62, 1));
        assertThat(EdgeGoals.tlsCpu(atLimit).verdict()).isEqualTo(Verdict.PASS);
        assertThat(EdgeGoals.tlsCpu(over).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void newConnectionsNeedEightTenthsOfNginxAndHttp2AllOfIt() {
        MedianTable t = table(row("tls-new-conns", NGINX_TLS, 1000, 1, 1, 1),
                row("tls-new-conns", JPRAXIS_TLS, 780, 1, 1, 1),
                row("tls-h2", NGINX_TLS, 30_000, 1, 1, 1), row("tls-h2", JPRAXIS_TLS, 28_000, 1, 1, 1));
        assertThat(EdgeGoals.newConnections(t).verdict()).as("0.78 is within 3% of 0.8").isEqualTo(Verdict.PASS);
        assertThat(EdgeGoals.newConnections(t).detail()).isEqualTo("jpraxis-tls 780 conns/s; nginx-tls 1,000 (x0.78)");
        assertThat(EdgeGoals.h2(t).verdict()).as("0.93 of nginx").isEqualTo(Verdict.FAIL);
    }

    @Test
    void echoMayAddATenthOfAMillisecondToTheDirectMedian() {
        // Rows.row sets p50 to half the p99 given.
        MedianTable close = table(row("ws-echo", WS_ORIGIN, 1, 100, 1, 1), row("ws-echo", JPRAXIS_WS, 1, 300, 1, 1));
        MedianTable far = table(row("ws-echo", WS_ORIGIN, 1, 100, 1, 1), row("ws-echo", JPRAXIS_WS, 1, 302, 1, 1));
        assertThat(EdgeGoals.echoLatency(close).verdict()).isEqualTo(Verdict.PASS);
        assertThat(EdgeGoals.echoLatency(close).detail())
                .isEqualTo("through jpraxis-ws 150.0 us; direct 50.0 us (+100.0 us)");
        assertThat(EdgeGoals.echoLatency(far).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void streamMemoryIsFlatWhenNoRoundGrewMoreThanSixteenMib() {
        List<RunRecord> flat = List.of(stream(1, 200, 210, 0), stream(2, 210, 226, 0));
        List<RunRecord> grew = List.of(stream(1, 200, 210, 0), stream(2, 210, 227, 0));
        List<RunRecord> failed = List.of(stream(1, 200, 201, 1));
        assertThat(EdgeGoals.streamMemory(flat).verdict()).isEqualTo(Verdict.PASS);
        assertThat(EdgeGoals.streamMemory(flat).detail()).startsWith("largest growth 16.0 MiB over 2 rounds");
        assertThat(EdgeGoals.streamMemory(grew).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(EdgeGoals.streamMemory(failed).verdict()).as("a stream with an error").isEqualTo(Verdict.FAIL);
        assertThat(EdgeGoals.streamMemory(List.of()).verdict()).isEqualTo(Verdict.NOT_MEASURED);
    }

    @Test
    void everyGoalIsNotMeasuredWithoutItsRuns() {
        assertThat(EdgeGoals.evaluate(table(), List.of())).extracting(GoalResult::verdict).hasSize(6)
                .containsOnly(Verdict.NOT_MEASURED);
    }

    private static RunRecord stream(int round, double startMiB, double peakMiB, long errors) {
        long frames = EdgeWorkloads.STREAM_BYTES / EdgeWorkloads.STREAM_FRAME_BYTES;
        ToolResult result = new ToolResult(frames, 4, frames / 4.0, errors, Map.of("read", errors), 10, 20, 30);
        return new RunRecord(round, "ws-stream", JPRAXIS_WS.cliName(), result, 100, 1, peakMiB, startMiB, null, null);
    }
}
