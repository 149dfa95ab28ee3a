package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A chain whose only AI filters sit in iterative router steps still answers an AI API call's
 * errors in that API's shape (see docs/behaviour/request-lifecycle.md#errors-of-ai-api-calls):
 * the router's own 502, when every step failed, reaches an SDK as its error class.
 */
@Timeout(30)
class IterativeRouterErrorShapeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theRoutersErrorTakesTheShapeOfTheApiItsStepsServe() throws Exception {
        String closed = "127.0.0.1:" + TestOrigin.unusedPort();
        String steps = """
                - name: only
                  filters:
                    - filter: credential_inject
                      credentials:
                        - {name: a, namespace: ai, key: token, value: sk-a}
                    - filter: router
                      routes:
                        - {path_prefix: "/", cluster: gone}
                    - filter: load_balancer
                      clusters:
                        - {name: gone, endpoints: ["%s"]}
                  on_result:
                    - {default: true, done: true}
                """.formatted(closed);
        String yaml = IterativeRouterLimitsTest.irr("127.0.0.1:0", "initial_step: only\n", steps);
        try (RunningGateway gw = RunningGateway.start(yaml, IterativeRouterLimitsTest.IRR);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse openAi = conn.send("POST /v1/chat/completions HTTP/1.1\r\nHost: ai\r\nContent-Length: 2\r\n"
                    + "\r\n{}").readResponse();
            assertThat(openAi.status()).isEqualTo(502);
            JsonNode error = JSON.readTree(openAi.bodyText()).path("error");
            assertThat(error.path("type").asText()).isEqualTo("server_error");
            assertThat(error.path("code").asText()).isEqualTo("bad_gateway");

            RawResponse other = conn.send("POST /internal HTTP/1.1\r\nHost: ai\r\nContent-Length: 2\r\n\r\n{}")
                    .readResponse();
            assertThat(other.status()).isEqualTo(502);
            assertThat(other.header("content-type")).as("no AI API: problem details")
                    .isEqualTo("application/problem+json");
        }
    }
}
