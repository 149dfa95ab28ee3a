package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WrkResultParserTest {

    @Test
    void readsTheDoneHookLineAmongWrksOwnSummary() {
        ToolResult r = WrkResultParser.parse(Samples.text("wrk-get-small.txt"));
        assertThat(r.requests()).isEqualTo(6495);
        assertThat(r.seconds()).isEqualTo(2.066421, within(1e-9));
        assertThat(r.requestsPerSecond()).as("requests over the measured duration, as wrk prints it")
                .isEqualTo(3143.12, within(0.01));
        assertThat(r.p50Micros()).isEqualTo(15969);
        assertThat(r.p90Micros()).isEqualTo(51171);
        assertThat(r.p99Micros()).isEqualTo(239557);
        assertThat(r.errors()).isZero();
        assertThat(r.errorBreakdown()).containsOnlyKeys("connect", "read", "write", "status", "timeout");
    }

    @Test
    void countsNon2xxAnswersAsErrors() {
        ToolResult r = WrkResultParser.parse(Samples.text("wrk-status-errors.txt"));
        assertThat(r.errors()).as("every 404 is a status error").isEqualTo(30646);
        assertThat(r.errorBreakdown()).containsEntry("status", 30646L).containsEntry("connect", 0L);
    }

    @Test
    void refusesOutputWithoutTheResultLine() {
        assertThatThrownBy(() -> WrkResultParser.parse(Samples.text("wrk-refused.txt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no line starting with \"WRK_RESULT\"")
                .as("the tool's own words are kept for the failed run's record")
                .hasMessageContaining("Connection refused");
    }

    @Test
    void aRunWithoutAnsweredRequestsHasNoLatency() {
        ToolResult r = WrkResultParser.parse(WrkScript.RESULT_MARKER + "{\"requests\":0,\"duration_us\":1000000,"
                + "\"bytes\":0,\"errors\":{\"connect\":64,\"read\":0,\"write\":0,\"status\":0,\"timeout\":0},"
                + "\"latency_us\":{\"p50\":0,\"p90\":0,\"p99\":0,\"max\":0}}\n");
        assertThat(r.p99Micros()).as("wrk's 0 would read as a perfect latency").isEqualTo(-1);
        assertThat(r.errors()).isEqualTo(64);
    }

    @Test
    void scriptSetsMethodBodyAndPrintsTheMarkedLine() {
        String lua = WrkScript.render("POST", 65536);
        assertThat(lua).contains("wrk.method = \"POST\"").contains("string.rep(\"x\", 65536)")
                .contains("io.write(string.format('WRK_RESULT {\"requests\":%d")
                .contains("latency:percentile(99)");
        assertThat(WrkScript.render("GET", 0)).as("a GET sends no body").doesNotContain("wrk.body");
    }

    @Test
    void chatBodyIsValidJsonOfTheRequestedSizeNamingTheModelFirst() throws Exception {
        String json = WrkScript.chatJson(2048);
        assertThat(json).hasSize(2048).startsWith("{\"model\":\"" + WrkScript.BENCH_MODEL + "\"");
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(json).get("messages").get(0)
                .get("content").asText()).matches("x+");
        assertThat(WrkScript.render("POST", 2048, LoadSpec.Body.CHAT_JSON)).contains("wrk.body = '" + json + "'")
                .contains("\"application/json\"");
    }
}
