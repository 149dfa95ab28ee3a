package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.config.feature.Feature;
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

/**
 * examples/token-rate-limit.yaml through a real gateway (see
 * docs/reference/filters/token_rate_limit.md): a fake
 * OpenAI provider on a real socket reports usage (21 + 8 = 29 tokens per JSON completion, 13 + 2
 * = 15 per stream); api_key_auth sets the subject each budget of 60 tokens is keyed on. Every
 * settlement happens when the exchange ends, so the test waits for the reconciled counter before
 * the next request rather than for time.
 */
@Timeout(60)
class TokenRateLimitExampleTest {
    static final String EXAMPLE = "token-rate-limit.yaml";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ALPHA = "Authorization: Bearer sk-client-alpha";
    private static final String BETA = "Authorization: Bearer sk-client-beta";

    private FakeChatProvider provider;
    private ServingGateway gw;

    @BeforeEach
    void start() throws Exception {
        provider = FakeChatProvider.start();
        provider.releaseStream(); // streams send every event at once
        String yaml = Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", provider.address(),
                "127.0.0.1:9901", "127.0.0.1:0"));
        RuntimeServices services = RuntimeServices.system();
        FilterRegistry registry = FilterRegistry.withBuiltIns(GatewayFilters.all());
        CompileResult compiled = new GatewayBuilder(FeatureSet.of(Feature.TOKEN_RATE_LIMIT_FILTER), services, registry)
                .build(yaml);
        assertThat(compiled.diagnostics().errors()).as("the config loads with the flag on").isEmpty();
        gw = ServingGateway.start(compiled.gateway(), services, registry);
    }

    @AfterEach
    void stop() {
        if (gw != null) {
            gw.shutdown(Duration.ofSeconds(2));
        }
        provider.close();
    }

    private RawResponse send(String auth, String body) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.http().port("ai"))) {
            return conn.send("POST /v1/chat/completions HTTP/1.1\r\nHost: ai\r\n" + auth
                    + "\r\ncontent-type: application/json\r\ncontent-length: "
                    + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body).readResponse();
        }
    }

    @Test
    void theReportedUsageExhaustsTheBudgetThenA429InOpenAisShapeAndEachClientHasItsOwn() throws Exception {
        String chat = "{\"model\":\"gpt-4o\",\"messages\":[]}";
        assertThat(send(ALPHA, chat).status()).isEqualTo(200);
        awaitReconciled(29);
        assertThat(send(ALPHA, chat).status()).as("29 used + 20 estimated fits 60").isEqualTo(200);
        awaitReconciled(58);

        RawResponse refused = send(ALPHA, chat);
        assertThat(refused.status()).as("58 used + 20 estimated does not").isEqualTo(429);
        assertThat(refused.header("x-ratelimit-limit-tokens")).isEqualTo("60");
        assertThat(refused.header("x-ratelimit-remaining-tokens")).isEqualTo("0");
        long retry = Long.parseLong(refused.header("retry-after"));
        assertThat(retry).as("the first charge leaves the hour window").isBetween(3_500L, 3_600L);
        assertThat(refused.header("x-ratelimit-reset-tokens")).as("delta seconds, as Retry-After")
                .isEqualTo(refused.header("retry-after"));
        JsonNode error = JSON.readTree(refused.body()).get("error");
        assertThat(error.get("type").asText()).as("the SDK's RateLimitError").isEqualTo("rate_limit_error");
        assertThat(error.get("code").asText()).isEqualTo("rate_limit_exceeded");

        RawResponse beta = send(BETA, chat);
        assertThat(beta.status()).as("another subject, another budget").isEqualTo(200);
        assertThat(beta.header("x-ratelimit-limit-tokens")).as("no rate-limit headers on success").isNull();
        awaitReconciled(87);
        assertThat(send("X-Nobody: 1", chat).status()).as("no key: api_key_auth refuses first").isEqualTo(401);
    }

    @Test
    void aStreamedAnswerWithUsageIsReconciledAndRefundsItsEstimate() throws Exception {
        RawResponse streamed = send(BETA, "{\"model\":\"gpt-4o\",\"stream\":true,\"stream_options\":"
                + "{\"include_usage\":true},\"max_tokens\":50,\"messages\":[]}");
        assertThat(streamed.status()).isEqualTo(200);
        assertThat(new String(streamed.body(), StandardCharsets.UTF_8)).contains("[DONE]");
        awaitReconciled(15);
        assertThat(series(metrics(), "praxis_trl_tokens_refunded_total")).as("50 reserved, 15 used").isEqualTo(35);
        assertThat(send(BETA, "{\"model\":\"gpt-4o\",\"max_tokens\":45,\"messages\":[]}").status())
                .as("15 + 45 is exactly the capacity: admitted").isEqualTo(200);
        awaitReconciled(15 + 29);
        assertThat(send(BETA, "{\"model\":\"gpt-4o\",\"max_tokens\":17,\"messages\":[]}").status())
                .as("44 + 17 is one token over").isEqualTo(429);
    }

    private void awaitReconciled(double tokens) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        double seen;
        do {
            seen = series(metrics(), "praxis_trl_tokens_reconciled_total");
            if (seen >= tokens) {
                break;
            }
            Thread.sleep(10);
        } while (System.nanoTime() < deadline);
        assertThat(seen).as("tokens reconciled").isEqualTo(tokens);
    }

    private String metrics() throws Exception {
        return Http.get(URI.create("http://127.0.0.1:" + gw.adminPort(AdminSurface.ADMIN).orElseThrow() + "/metrics"))
                .body();
    }

    private static double series(String metrics, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\{[^}]*rule=\"chat\"[^}]*\\} ([0-9.E+-]+)$").matcher(metrics);
        assertThat(m.find()).as("series %s in:%n%s", name, metrics).isTrue();
        return Double.parseDouble(m.group(1));
    }
}
