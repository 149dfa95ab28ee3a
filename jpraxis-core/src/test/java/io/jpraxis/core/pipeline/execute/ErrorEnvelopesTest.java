package io.jpraxis.core.pipeline.execute;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.ApiErrorBodies;
import io.jpraxis.core.http.LocalResponse;
import org.junit.jupiter.api.Test;

/**
 * An error re-rendered in the request's envelope keeps the headers of the error it replaces (see
 * docs/behaviour/request-lifecycle.md#error-bodies): the client still learns when to retry, how to
 * authenticate and which request failed.
 */
class ErrorEnvelopesTest {
    @Test
    void theRenderedErrorKeepsTheReplacedOnesHeadersButNotItsBodyHeaders() {
        LocalResponse plain = LocalResponse.jsonError(429, "rate limit exceeded");
        plain.headers().set("retry-after", "3").set("www-authenticate", "Bearer").set("x-request-id", "r-1")
                .set("content-encoding", "identity");
        LocalResponse rendered = ApiErrorBodies.openAi(429, "rate limit exceeded", "rate_limit_error", "rate_limit_exceeded");

        LocalResponse merged = ErrorEnvelopes.withHeadersOf(plain, rendered);

        assertThat(merged.headers().get("retry-after")).isEqualTo("3");
        assertThat(merged.headers().get("www-authenticate")).isEqualTo("Bearer");
        assertThat(merged.headers().get("x-request-id")).isEqualTo("r-1");
        assertThat(merged.headers().getAll("content-type")).as("the rendered body's type, once")
                .containsExactly("application/json");
        assertThat(merged.headers().contains("content-encoding")).as("described the old body").isFalse();
        assertThat(merged.body()).isEqualTo(rendered.body());
        assertThat(merged.errorReason()).isEqualTo("rate limit exceeded");
    }

    @Test
    void theRenderersOwnHeaderWins() {
        LocalResponse plain = LocalResponse.jsonError(503, "circuit open");
        plain.headers().set("retry-after", "1");
        LocalResponse rendered = ApiErrorBodies.anthropic(503, "circuit open", "overloaded_error");
        rendered.headers().set("retry-after", "30");

        assertThat(ErrorEnvelopes.withHeadersOf(plain, rendered).headers().getAll("retry-after")).containsExactly("30");
        assertThat(ErrorEnvelopes.withHeadersOf(plain, plain)).as("nothing rendered: the same answer").isSameAs(plain);
    }
}
