package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Errors of filters before the AI filter, and of the edge before any filter ran, take the AI API's
 * shape too (see docs/behaviour/request-lifecycle.md#error-bodies): the request is recognised when
 * it begins. Requests off the AI paths keep the plain error.
 */
@Timeout(60)
class AiErrorEnvelopeEdgeTest {
    private static RawResponse post(RunningGateway gw, String path, String body) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            return conn.send("POST " + path + " HTTP/1.1\r\nHost: ai\r\ncontent-type: application/json\r\n"
                    + "content-length: " + bytes.length + "\r\n\r\n" + body).readResponse();
        }
    }

    @Test
    void anIpRefusalBeforeTheAiFilterIsInTheShapeOfTheRequestsApi() throws Exception {
        try (TestOrigin provider = TestOrigin.start("provider");
                RunningGateway gw = RunningGateway.start(TestConfigs.pipeline("""
                        - filter: ip_acl
                          deny: ["127.0.0.0/8"]
                        - filter: model_to_header
                        - filter: router
                          routes: [{path_prefix: /, cluster: live}]
                        - filter: load_balancer
                          clusters: [{name: live, endpoints: ["%s"]}]
                        """.formatted(provider.address())))) {
            RawResponse openAi = post(gw, "/v1/chat/completions", "{\"model\":\"gpt-4o\"}");
            assertThat(openAi.status()).isEqualTo(403);
            assertThat(openAi.bodyText()).as("OpenAI's permission error, though ip_acl runs first")
                    .contains("\"type\":\"permission_error\"").contains("\"code\":\"permission_denied\"");
            RawResponse anthropic = post(gw, "/v1/messages", "{\"model\":\"claude\"}");
            assertThat(anthropic.bodyText()).as("Anthropic's envelope").startsWith("{\"type\":\"error\",")
                    .contains("\"type\":\"permission_error\"");
            assertThat(anthropic.header("x-request-id")).as("the error still names its request").isNotBlank();
            RawResponse other = post(gw, "/status", "{}");
            assertThat(other.status()).isEqualTo(403);
            assertThat(other.bodyText()).as("not an AI API call: the plain error")
                    .doesNotContain("permission_error");
            assertThat(provider.requestCount()).isZero();
        }
    }

    @Test
    void aBodyTooLargeAtPreReadIsAnthropicsRequestTooLarge() throws Exception {
        try (TestOrigin provider = TestOrigin.start("provider");
                RunningGateway gw = RunningGateway.start(TestConfigs.pipeline("""
                        - filter: model_to_header
                        - filter: router
                          routes: [{path_prefix: /, cluster: live}]
                        - filter: load_balancer
                          clusters: [{name: live, endpoints: ["%s"]}]
                        """.formatted(provider.address()), "body_limits:\n  max_request_bytes: 1024\n"))) {
            RawResponse r = post(gw, "/v1/messages", "{\"model\":\"claude\",\"pad\":\"" + "x".repeat(2048) + "\"}");
            assertThat(r.status()).isEqualTo(413);
            assertThat(r.bodyText()).as("before any filter ran, in the API's shape")
                    .contains("\"type\":\"request_too_large\"").contains("\"request_id\":");
            assertThat(provider.requestCount()).isZero();
        }
    }
}
