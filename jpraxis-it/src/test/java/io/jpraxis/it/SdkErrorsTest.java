package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The gateway's own errors as the official SDKs see them (see
 * docs/behaviour/request-lifecycle.md#error-bodies): a real gateway in front of real origins, driven
 * by the {@code openai} and {@code @anthropic-ai/sdk} npm packages. Each local error of an OpenAI or
 * Anthropic call (a wrong key, a rate limit, a body without a model, an unknown model, a dead
 * provider and then its open circuit) reaches the SDK as its own error class with the status, the
 * type (and OpenAI's code) and the gateway's message.
 */
@Timeout(120)
class SdkErrorsTest {
    static final String KEY = "sk-sdk-test-client";
    static final String CHAT = "{\"model\":\"%s\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    static final String MESSAGES = "{\"model\":\"%s\",\"max_tokens\":8,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

    private static TestOrigin provider;
    private static RunningGateway gateway;

    @BeforeAll
    static void start() throws Exception {
        NodeSdk.assumeAvailable();
        provider = TestOrigin.start("provider");
        gateway = RunningGateway.start(TestConfigs.pipeline("""
                - filter: api_key_auth
                  keys: [{name: sdk-client, sha256: "%s"}]
                - filter: model_to_header
                - filter: intelligent_route
                  local_site: hub
                  candidates:
                    - {kind: inference_model, name: gpt-4o, site: hub, cluster: live}
                    - {kind: inference_model, name: claude-sonnet-4, site: hub, cluster: live}
                    - {kind: inference_model, name: gpt-dead, site: hub, cluster: dead-openai}
                    - {kind: inference_model, name: claude-dead, site: hub, cluster: dead-anthropic}
                - filter: circuit_breaker
                  clusters:
                    - {name: dead-openai, consecutive_failures: 1, recovery_window_secs: 600}
                    - {name: dead-anthropic, consecutive_failures: 1, recovery_window_secs: 600}
                - filter: load_balancer
                  clusters:
                    - {name: live, endpoints: ["%s"]}
                    - {name: dead-openai, endpoints: ["127.0.0.1:%d"]}
                    - {name: dead-anthropic, endpoints: ["127.0.0.1:%d"]}
                """.formatted(sha256(KEY), provider.address(), TestOrigin.unusedPort(), TestOrigin.unusedPort())));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    static String sha256(String key) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
    }

    private static NodeSdk.Client openAi(String key) {
        return NodeSdk.openAi(gateway.port(), key);
    }

    private static NodeSdk.Client anthropic(String key) {
        return NodeSdk.anthropic(gateway.port(), key);
    }

    @Test
    void openAiWrongKeyIsAnAuthenticationErrorWithInvalidApiKey() throws Exception {
        NodeSdk.SdkError e = openAi("sk-wrong").call("chat", CHAT.formatted("gpt-4o")).failure();
        assertThat(e.className()).as("the SDK's class for 401").isEqualTo("AuthenticationError");
        assertThat(e.status()).isEqualTo(401);
        assertThat(e.type()).isEqualTo("authentication_error");
        assertThat(e.code()).as("OpenAI's code for a bad key").isEqualTo("invalid_api_key");
        assertThat(e.message()).as("status and the gateway's message").isEqualTo("401 Invalid API key");
        assertThat(e.requestId()).as("x-request-id reaches the SDK's requestID").isNotBlank();
    }

    @Test
    void anthropicWrongKeyIsAnAuthenticationError() throws Exception {
        NodeSdk.SdkError e = anthropic("sk-wrong").call("messages", MESSAGES.formatted("claude-sonnet-4")).failure();
        assertThat(e.className()).isEqualTo("AuthenticationError");
        assertThat(e.status()).isEqualTo(401);
        assertThat(e.type()).as("error.error.type").isEqualTo("authentication_error");
        assertThat(e.apiMessage()).isEqualTo("Invalid API key");
        assertThat(e.body().path("request_id").asText()).as("Anthropic's request_id is the gateway's request id")
                .isEqualTo(e.header("x-request-id"));
    }

    @Test
    void openAiBodyWithoutAModelIsABadRequestNamingTheField() throws Exception {
        NodeSdk.SdkError e = openAi(KEY).call("chat", "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}")
                .failure();
        assertThat(e.className()).as("400, not the 500 of a pipeline with nowhere to send it")
                .isEqualTo("BadRequestError");
        assertThat(e.status()).isEqualTo(400);
        assertThat(e.type()).isEqualTo("invalid_request_error");
        assertThat(e.code()).isEqualTo("missing_required_parameter");
        assertThat(e.param()).as("OpenAI's param names the field").isEqualTo("model");
        assertThat(e.apiMessage()).contains("\"model\"");
        assertThat(provider.requestCount()).as("nothing reached a provider").isZero();
    }

    @Test
    void anthropicBodyWithoutAModelIsABadRequest() throws Exception {
        NodeSdk.SdkError e = anthropic(KEY).call("messages",
                "{\"max_tokens\":8,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}").failure();
        assertThat(e.className()).isEqualTo("BadRequestError");
        assertThat(e.status()).isEqualTo(400);
        assertThat(e.type()).isEqualTo("invalid_request_error");
        assertThat(e.apiMessage()).contains("\"model\"");
    }

    @Test
    void anUnknownModelIsANotFoundErrorInBothSdks() throws Exception {
        NodeSdk.SdkError o = openAi(KEY).call("chat", CHAT.formatted("gpt-unknown")).failure();
        assertThat(o.className()).isEqualTo("NotFoundError");
        assertThat(o.type()).as("OpenAI's own type and code for an unknown model").isEqualTo("invalid_request_error");
        assertThat(o.code()).isEqualTo("model_not_found");
        NodeSdk.SdkError a = anthropic(KEY).call("messages", MESSAGES.formatted("claude-unknown")).failure();
        assertThat(a.className()).isEqualTo("NotFoundError");
        assertThat(a.type()).isEqualTo("not_found_error");
    }

    @Test
    void openAiDeadProviderIsA502ThenTheOpenCircuitA503() throws Exception {
        NodeSdk.SdkError refused = openAi(KEY).call("chat", CHAT.formatted("gpt-dead")).failure();
        assertThat(refused.className()).as("the SDK's class for any 5xx").isEqualTo("InternalServerError");
        assertThat(refused.status()).as("the edge's 502 for a refused connect").isEqualTo(502);
        assertThat(refused.type()).isEqualTo("server_error");
        assertThat(refused.code()).isEqualTo("bad_gateway");
        assertThat(refused.apiMessage()).as("no address in the message").isEqualTo("upstream refused the connection");
        NodeSdk.SdkError open = openAi(KEY).call("chat", CHAT.formatted("gpt-dead")).failure();
        assertThat(open.status()).as("circuit_breaker's 503 once the circuit opened").isEqualTo(503);
        assertThat(open.className()).isEqualTo("InternalServerError");
        assertThat(open.code()).isEqualTo("service_unavailable");
        assertThat(open.apiMessage()).isEqualTo("circuit open");
    }

    @Test
    void anthropicDeadProviderIsAnApiErrorThenAnOverloadedServiceUnavailable() throws Exception {
        NodeSdk.SdkError refused = anthropic(KEY).call("messages", MESSAGES.formatted("claude-dead")).failure();
        assertThat(refused.className()).isEqualTo("InternalServerError");
        assertThat(refused.status()).isEqualTo(502);
        assertThat(refused.type()).isEqualTo("api_error");
        NodeSdk.SdkError open = anthropic(KEY).call("messages", MESSAGES.formatted("claude-dead")).failure();
        assertThat(open.className()).as("the Anthropic SDK's own class for 503").isEqualTo("ServiceUnavailableError");
        assertThat(open.status()).isEqualTo(503);
        assertThat(open.type()).isEqualTo("overloaded_error");
    }
}
