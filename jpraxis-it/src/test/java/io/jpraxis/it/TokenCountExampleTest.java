package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/**
 * examples/token-count.yaml end to end over real sockets (see docs/reference/filters/token_count.md):
 * a fake OpenAI-compatible provider answers JSON and streamed completions; the counts it reports
 * reach the access log and the admin {@code /metrics}, and a streamed answer reaches the client
 * event by event, unchanged, while the provider is still sending.
 */
@Timeout(60)
class TokenCountExampleTest {
    static final String EXAMPLE = "token-count.yaml";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Logger accessLog = (Logger) LoggerFactory.getLogger("jpraxis.access");
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private FakeChatProvider provider;
    private ServingGateway gw;

    @BeforeEach
    void start() throws Exception {
        lines.start();
        accessLog.addAppender(lines);
        provider = FakeChatProvider.start();
        String yaml = Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", provider.address(),
                "127.0.0.1:9901", "127.0.0.1:0"));
        RuntimeServices services = RuntimeServices.system();
        FilterRegistry registry = FilterRegistry.withBuiltIns(GatewayFilters.all());
        CompileResult compiled = new GatewayBuilder(FeatureSet.NONE, services, registry).build(yaml);
        assertThat(compiled.diagnostics().errors()).as("the example loads").isEmpty();
        assertThat(compiled.diagnostics().warnings()).as("and is ordered as token_usage_headers needs").isEmpty();
        gw = ServingGateway.start(compiled.gateway(), services, registry);
    }

    @AfterEach
    void stop() {
        if (gw != null) {
            gw.shutdown(Duration.ofSeconds(2));
        }
        provider.close();
        accessLog.detachAppender(lines);
    }

    private RawHttpConnection connect() {
        return RawHttpConnection.open(gw.http().port("ai"));
    }

    private static String post(String body) {
        return "POST /v1/chat/completions HTTP/1.1\r\nHost: ai\r\ncontent-type: application/json\r\ncontent-length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    @Test
    void aJsonCompletionsCountsReachTheAccessLogAndTheMetrics() throws Exception {
        RawResponse r;
        try (RawHttpConnection conn = connect()) {
            r = conn.send(post("{\"model\":\"gpt-4o\",\"messages\":[]}")).readResponse();
        }
        assertThat(r.status()).isEqualTo(200);
        assertThat(new String(r.body(), StandardCharsets.UTF_8)).as("the body passes unchanged")
                .isEqualTo(FakeChatProvider.JSON_BODY);
        assertThat(r.header("praxis-token-input")).as("body counts come after the headers left").isNull();

        JsonNode line = accessLine();
        assertThat(line.get("model").asText()).as("the routed model").isEqualTo("gpt-4o");
        assertThat(line.get("provider").asText()).isEqualTo("openai");
        assertThat(line.get("input_tokens").asLong()).isEqualTo(21);
        assertThat(line.get("output_tokens").asLong()).isEqualTo(8);
        assertThat(line.get("total_tokens").asLong()).isEqualTo(29);

        String metrics = metrics();
        assertThat(tokenSum(metrics, "input")).as("gen_ai_client_token_usage input, model labelled").isEqualTo(21);
        assertThat(tokenSum(metrics, "output")).isEqualTo(8);
        assertThat(metrics).as("bucketed as the GenAI conventions recommend")
                .contains("gen_ai_client_token_usage_bucket{").contains("le=\"16384.0\"")
                .contains("gen_ai_client_operation_duration_seconds_bucket{");
    }

    @Test
    void aStreamedCompletionArrivesEventByEventUnchangedAndIsCounted() throws Exception {
        StringBuilder seen = new StringBuilder();
        try (RawHttpConnection conn = connect()) {
            conn.send(post("{\"model\":\"gpt-4o\",\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                    + "\"messages\":[]}"));
            RawResponse head = conn.readResponseHead();
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).as("a stream is not framed by length").isNull();
            while (seen.length() < FakeChatProvider.FIRST_EVENT.length()) {
                seen.append(new String(conn.readChunk(), StandardCharsets.UTF_8));
            }
            assertThat(seen.toString()).as("the first event arrives while the provider holds the rest")
                    .isEqualTo(FakeChatProvider.FIRST_EVENT);
            provider.releaseStream();
            byte[] chunk;
            while ((chunk = conn.readChunk()).length > 0) {
                seen.append(new String(chunk, StandardCharsets.UTF_8));
            }
        }
        assertThat(seen.toString()).as("every byte passes as the provider sent it")
                .isEqualTo(FakeChatProvider.FIRST_EVENT + String.join("", FakeChatProvider.LATER_EVENTS));

        JsonNode line = accessLine();
        assertThat(line.get("input_tokens").asLong()).as("from the include_usage chunk").isEqualTo(13);
        assertThat(line.get("output_tokens").asLong()).isEqualTo(2);
        assertThat(line.get("total_tokens").asLong()).isEqualTo(15);

        String metrics = metrics();
        assertThat(tokenSum(metrics, "input")).isEqualTo(13);
        assertThat(series(metrics, "praxis_ai_ttft_seconds_count\\{model=\"gpt-4o\"\\}"))
                .as("one time-to-first-token sample, labelled by the configured model").isEqualTo(1);
        assertThat(GrafanaDashboard.missingFrom(metrics, "gen_ai_"))
                .as("every GenAI metric the Grafana dashboard queries is on /metrics after a streamed call").isEmpty();
    }

    @Test
    void aClientThatLeavesMidStreamStillHasWhatWasCountedLogged() throws Exception {
        String expected = FakeChatProvider.FIRST_EVENT + FakeChatProvider.LATER_EVENTS.get(0)
                + FakeChatProvider.LATER_EVENTS.get(1);
        try (RawHttpConnection conn = connect()) {
            conn.send(post("{\"model\":\"gpt-4o\",\"stream\":true,\"user\":\"" + FakeChatProvider.HOLD_DONE
                    + "\",\"messages\":[]}"));
            assertThat(conn.readResponseHead().status()).isEqualTo(200);
            StringBuilder seen = new StringBuilder();
            while (seen.length() < expected.length()) {
                seen.append(new String(conn.readChunk(), StandardCharsets.UTF_8));
            }
            assertThat(seen.toString()).as("the usage chunk arrived; [DONE] is still held").isEqualTo(expected);
        } // the client leaves before the stream ends
        JsonNode line = accessLine();
        assertThat(line.get("completed").asBoolean()).as("the exchange was cut short").isFalse();
        assertThat(line.get("input_tokens").asLong()).as("what the stream counted is still logged").isEqualTo(13);
        assertThat(line.get("total_tokens").asLong()).isEqualTo(15);
        assertThat(tokenSum(metrics(), "output")).as("and recorded").isEqualTo(2);
    }

    /** The one access-log line, waited for: the log is written after the exchange ended. */
    private JsonNode accessLine() throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (lines.list.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(lines.list).as("one access-log line").hasSize(1);
        return JSON.readTree(lines.list.getFirst().getFormattedMessage());
    }

    private String metrics() throws Exception {
        // The meters are recorded when the exchange ends, just after the last byte went out.
        long deadline = System.nanoTime() + 5_000_000_000L;
        String body;
        do {
            body = Http.get(URI.create("http://127.0.0.1:" + gw.adminPort(AdminSurface.ADMIN).orElseThrow()
                    + "/metrics")).body();
        } while (!body.contains("gen_ai_client_token_usage_sum") && System.nanoTime() < deadline);
        return body;
    }

    private static double tokenSum(String metrics, String type) {
        return series(metrics, "gen_ai_client_token_usage_sum\\{gen_ai_provider_name=\"openai\","
                + "gen_ai_request_model=\"gpt-4o\",gen_ai_token_type=\"" + type + "\"\\}");
    }

    private static double series(String metrics, String series) {
        Matcher m = Pattern.compile("(?m)^" + series + " ([0-9.E+-]+)$").matcher(metrics);
        assertThat(m.find()).as("series %s in:%n%s", series, metrics).isTrue();
        return Double.parseDouble(m.group(1));
    }
}
