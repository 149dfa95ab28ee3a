package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.TestOrigin;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The SDK harness itself (see docs/testing.md#the-ai-sdk-harness), straight against origins that
 * answer as the providers do: a success comes back as the SDK's result, an error as the SDK's own
 * error class with the status, code, type and message it read from the body.
 */
class NodeSdkHarnessTest {
    @BeforeAll
    static void nodeIsThere() {
        NodeSdk.assumeAvailable();
    }

    @Test
    void anOpenAiErrorBodyBecomesTheOpenAiSdksErrorClassWithItsCodeAndType() throws Exception {
        String body = "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit_error\",\"param\":null,"
                + "\"code\":\"rate_limit_exceeded\"}}";
        try (TestOrigin origin = TestOrigin.builder("provider").fixed(429, "application/json", body).start()) {
            NodeSdk.SdkError e = NodeSdk.openAi(origin.port(), "sk-test")
                    .call("chat", "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}")
                    .failure();
            assertThat(e.className()).as("the SDK's class for 429").isEqualTo("RateLimitError");
            assertThat(e.status()).isEqualTo(429);
            assertThat(e.code()).as("error.code read from the body").isEqualTo("rate_limit_exceeded");
            assertThat(e.type()).as("error.type read from the body").isEqualTo("rate_limit_error");
            assertThat(e.message()).as("the SDK's message is status + error.message").isEqualTo("429 slow down");
        }
    }

    @Test
    void anAnthropicErrorBodyBecomesTheAnthropicSdksErrorClassWithItsType() throws Exception {
        String body = "{\"type\":\"error\",\"error\":{\"type\":\"not_found_error\",\"message\":\"no such model\"}}";
        try (TestOrigin origin = TestOrigin.builder("provider").fixed(404, "application/json", body).start()) {
            NodeSdk.SdkError e = NodeSdk.anthropic(origin.port(), "sk-test")
                    .call("messages", "{\"model\":\"claude\",\"max_tokens\":8,"
                            + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}")
                    .failure();
            assertThat(e.className()).isEqualTo("NotFoundError");
            assertThat(e.status()).isEqualTo(404);
            assertThat(e.type()).as("error.error.type").isEqualTo("not_found_error");
            assertThat(e.apiMessage()).isEqualTo("no such model");
        }
    }

    @Test
    void aSuccessIsTheSdksParsedResult() throws Exception {
        String body = "{\"id\":\"c1\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"gpt-4o\",\"choices\":"
                + "[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"hello\"},\"finish_reason\":\"stop\"}]}";
        try (TestOrigin origin = TestOrigin.builder("provider").fixed(200, "application/json", body).start()) {
            NodeSdk.Outcome out = NodeSdk.openAi(origin.port(), "sk-test")
                    .call("chat", "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
            assertThat(out.ok()).as(out.stdout()).isTrue();
            assertThat(out.result().path("choices").path(0).path("message").path("content").asText())
                    .isEqualTo("hello");
        }
    }
}
