package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class H2loadParsersTest {

    @Test
    void readsADurationBoundH2cSummary() {
        H2loadSummary s = H2loadSummaryParser.parse(Samples.text("h2load-h2c.txt"));
        assertThat(s.seconds()).isEqualTo(3.01, within(1e-9));
        assertThat(s.requestsPerSecond()).as("h2load divides by the main duration, without its warm-up")
                .isEqualTo(18328.50, within(1e-9));
        assertThat(s.total()).isEqualTo(36657);
        assertThat(s.done()).isEqualTo(36657);
        assertThat(s.succeeded()).isEqualTo(36657);
        assertThat(s.failed()).isZero();
        assertThat(s.status2xx()).isEqualTo(36657);
    }

    @Test
    void readsARateModeSummary() {
        H2loadSummary s = H2loadSummaryParser.parse(Samples.text("h2load-new-conns.txt"));
        assertThat(s.seconds()).isEqualTo(1.99, within(1e-9));
        assertThat(s.requestsPerSecond()).isEqualTo(100.43, within(1e-9));
        assertThat(s.total()).isEqualTo(200);
    }

    @Test
    void non2xxAnswersAreFailedRequests() {
        H2loadSummary s = H2loadSummaryParser.parse(Samples.text("h2load-h2c-404.txt"));
        assertThat(s.seconds()).as("milliseconds are converted").isEqualTo(0.0104, within(1e-9));
        assertThat(s.failed()).isEqualTo(100);
        assertThat(s.errored()).isZero();
        assertThat(s.status4xx()).isEqualTo(100);
    }

    @Test
    void refusedConnectionsAreFailedAndErrored() {
        H2loadSummary s = H2loadSummaryParser.parse(Samples.text("h2load-refused.txt"));
        assertThat(s.failed()).isEqualTo(10);
        assertThat(s.errored()).isEqualTo(10);
        assertThat(s.done()).isZero();
        ToolResult r = ToolOutputs.fromH2load(s, new long[0]);
        assertThat(r.errors()).isEqualTo(10);
        assertThat(r.p99Micros()).as("no request completed").isEqualTo(-1);
    }

    @Test
    void refusesOutputWithoutASummary() {
        assertThatThrownBy(() -> H2loadSummaryParser.parse("starting benchmark...\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finished in");
    }

    @Test
    void logFileGivesNearestRankPercentiles() throws IOException {
        long[] latencies = H2loadLogParser.latencies(new StringReader(Samples.text("h2load-log-sample.tsv")));
        assertThat(latencies).hasSize(200).isSorted();
        assertThat(Stats.percentile(latencies, 50)).isEqualTo(299);
        assertThat(Stats.percentile(latencies, 90)).isEqualTo(415);
        assertThat(Stats.percentile(latencies, 99)).isEqualTo(590);
    }

    @Test
    void failedStreamsInTheLogHaveNoLatency() throws IOException {
        // h2load writes -1 as the status of a failed stream (h2load --help, --log-file).
        long[] latencies = H2loadLogParser.latencies(new StringReader(
                "1796046362680820\t200\t526\n1796046362680821\t-1\t9000000\n1796046362681422\t503\t334\n"));
        assertThat(latencies).as("the 503 answered and has a latency; the failed stream has none")
                .containsExactly(334, 526);
    }

    @Test
    void refusesAMalformedLogLine() {
        assertThatThrownBy(() -> H2loadLogParser.latencies(new StringReader("1796046362680820 200 526\n")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("start_us<TAB>status");
    }

    @Test
    void combinedResultTakesRateAndErrorsFromTheSummary() {
        H2loadSummary s = H2loadSummaryParser.parse(Samples.text("h2load-h2c-404.txt"));
        ToolResult r = ToolOutputs.fromH2load(s, new long[] {100, 200, 300});
        assertThat(r.requests()).isEqualTo(100);
        assertThat(r.errors()).isEqualTo(100);
        assertThat(r.errorBreakdown()).containsEntry("4xx", 100L).containsEntry("not_done", 0L);
        assertThat(r.p50Micros()).isEqualTo(200);
    }
}
