package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The edge chain (see docs/behaviour/intelligent-route.md#placement-in-the-pipeline) with the real
 * filters: {@code model_to_header} takes the model from the body, {@code intelligent_route} picks
 * the candidate and leaves its credential reference, {@code credential_inject} sets the credential,
 * and the load balancer sends the request there.
 */
@Timeout(60)
class AiEdgeChainTest {
    private TestOrigin openai;
    private TestOrigin anthropic;

    @BeforeEach
    void startOrigins() {
        openai = TestOrigin.start("openai");
        anthropic = TestOrigin.start("anthropic");
    }

    @AfterEach
    void stopOrigins() {
        openai.close();
        anthropic.close();
    }

    private RunningGateway gateway() {
        return RunningGateway.start(TestConfigs.pipeline("""
                - filter: model_to_header
                - filter: intelligent_route
                  local_site: hub
                  candidates:
                    - kind: inference_model
                      name: gpt-4o
                      site: hub
                      cluster: openai
                      credential: {strategy: bearer_token, secret_ref: {name: openai, namespace: ai, key: token}}
                    - kind: inference_model
                      name: claude
                      site: hub
                      cluster: anthropic
                      credential:
                        strategy: apikey
                        header: x-api-key
                        secretRef: {name: anthropic, namespace: ai, key: token}
                    - {kind: inference_model, name: local, site: hub, cluster: openai}
                - filter: credential_inject
                  credentials:
                    - {name: openai, namespace: ai, key: token, value: sk-openai-secret}
                    - {name: anthropic, namespace: ai, key: token, strategy: apikey, header: x-api-key,
                       value: sk-anthropic-secret}
                - filter: load_balancer
                  clusters:
                    - {name: openai, endpoints: ["%s"]}
                    - {name: anthropic, endpoints: ["%s"]}
                """.formatted(openai.address(), anthropic.address())), FilterRegistry.withBuiltIns(GatewayFilters.all()));
    }

    private static RawResponse post(RawHttpConnection conn, String body, String... headerLines) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST /v1/chat/completions HTTP/1.1\r\nHost: test\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        head.append("Content-Type: application/json\r\nContent-Length: ").append(bytes.length).append("\r\n\r\n");
        conn.send(head.toString()).send(bytes);
        return conn.readResponse();
    }

    @Test
    void theBodysModelPicksTheProviderAndItsCredential() throws Exception {
        try (RunningGateway gw = gateway(); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse toOpenai = post(conn, "{\"model\":\"gpt-4o\",\"messages\":[]}",
                    "Authorization: Bearer client-token", "X-Model: claude").echo();
            EchoResponse toAnthropic = post(conn, "{\"messages\":[],\"model\":\"claude\"}",
                    "Authorization: Bearer client-token").echo();
            EchoResponse noCredential = post(conn, "{\"model\":\"local\"}", "Authorization: Bearer client-token")
                    .echo();

            assertThat(toOpenai.origin()).as("the body's model wins over a forged X-Model").isEqualTo("openai");
            assertThat(toOpenai.headerValues("authorization")).containsExactly("Bearer sk-openai-secret");
            assertThat(toAnthropic.origin()).isEqualTo("anthropic");
            assertThat(toAnthropic.headerValues("x-api-key")).containsExactly("sk-anthropic-secret");
            assertThat(toAnthropic.hasHeader("authorization")).isFalse();
            assertThat(noCredential.origin()).isEqualTo("openai");
            assertThat(noCredential.headerValues("authorization")).as("a candidate without a credential")
                    .containsExactly("Bearer client-token");
        }
    }
}
