package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.TestOrigin;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code rate_limit}'s 429 as the official SDKs see it (see
 * docs/behaviour/request-lifecycle.md#error-bodies): a bucket of one, refilled once a hundred
 * seconds, so the second call of each SDK is refused; the SDK raises its RateLimitError with the
 * type, code and message, and {@code Retry-After} survives the re-rendering.
 */
@Timeout(120)
class SdkRateLimitTest {
    @BeforeAll
    static void nodeIsThere() {
        NodeSdk.assumeAvailable();
    }

    private static RunningGateway gateway(TestOrigin provider) throws Exception {
        return RunningGateway.start(TestConfigs.pipeline("""
                - filter: api_key_auth
                  keys: [{name: sdk-client, sha256: "%s"}]
                - filter: rate_limit
                  mode: global
                  rate: 0.01
                  burst: 1
                - filter: router
                  routes: [{path_prefix: /v1/, cluster: live}]
                - filter: load_balancer
                  clusters: [{name: live, endpoints: ["%s"]}]
                """.formatted(SdkErrorsTest.sha256(SdkErrorsTest.KEY), provider.address())));
    }

    @Test
    void openAiSecondCallIsARateLimitErrorWithRetryAfter() throws Exception {
        try (TestOrigin provider = TestOrigin.start("provider"); RunningGateway gw = gateway(provider)) {
            NodeSdk.Client sdk = NodeSdk.openAi(gw.port(), SdkErrorsTest.KEY);
            sdk.call("chat", SdkErrorsTest.CHAT.formatted("gpt-4o"));
            NodeSdk.SdkError e = sdk.call("chat", SdkErrorsTest.CHAT.formatted("gpt-4o")).failure();
            assertThat(e.className()).isEqualTo("RateLimitError");
            assertThat(e.status()).isEqualTo(429);
            assertThat(e.type()).isEqualTo("rate_limit_error");
            assertThat(e.code()).isEqualTo("rate_limit_exceeded");
            assertThat(e.message()).isEqualTo("429 rate limit exceeded");
            assertThat(e.header("retry-after")).as("rate_limit's Retry-After survives the SDK shape").isNotBlank();
            assertThat(e.header("x-ratelimit-remaining")).isEqualTo("0");
            assertThat(provider.requestCount()).as("only the admitted call reached the provider").isEqualTo(1);
        }
    }

    @Test
    void anthropicSecondCallIsARateLimitError() throws Exception {
        try (TestOrigin provider = TestOrigin.start("provider"); RunningGateway gw = gateway(provider)) {
            NodeSdk.Client sdk = NodeSdk.anthropic(gw.port(), SdkErrorsTest.KEY);
            sdk.call("messages", SdkErrorsTest.MESSAGES.formatted("claude-sonnet-4"));
            NodeSdk.SdkError e = sdk.call("messages", SdkErrorsTest.MESSAGES.formatted("claude-sonnet-4")).failure();
            assertThat(e.className()).isEqualTo("RateLimitError");
            assertThat(e.status()).isEqualTo(429);
            assertThat(e.type()).isEqualTo("rate_limit_error");
            assertThat(e.apiMessage()).isEqualTo("rate limit exceeded");
            assertThat(e.header("retry-after")).isNotBlank();
        }
    }
}
