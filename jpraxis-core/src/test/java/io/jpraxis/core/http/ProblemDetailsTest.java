package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The gateway's own errors are RFC 9457 problem details (see
 * docs/behaviour/request-lifecycle.md#error-bodies).
 */
class ProblemDetailsTest {
    @Test
    void anErrorIsProblemDetailsWithTheStatusPhraseAsTitle() {
        LocalResponse r = LocalResponse.jsonError(429, "rate limit exceeded");

        assertThat(r.headers().get("content-type")).as("RFC 9457 3").isEqualTo("application/problem+json");
        assertThat(new String(r.body(), StandardCharsets.UTF_8)).isEqualTo(
                "{\"type\":\"about:blank\",\"title\":\"Too Many Requests\",\"status\":429,\"detail\":\"rate limit exceeded\"}");
        assertThat(r.errorReason()).as("an error answer a renderer may re-shape").isEqualTo("rate limit exceeded");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"400, Bad Request", "401, Unauthorized", "403, Forbidden", "404, Not Found", "408, Request Timeout",
        "413, Content Too Large", "431, Request Header Fields Too Large", "500, Internal Server Error",
        "502, Bad Gateway", "503, Service Unavailable", "504, Gateway Timeout", "499, Client Error",
        "599, Server Error"})
    void theTitleIsTheStatusPhraseOrItsClass(int status, String title) {
        assertThat(StatusTitles.of(status)).as("with about:blank the title is the phrase (RFC 9457 4.2.1)")
                .isEqualTo(title);
    }

    @Test
    void aDetailWithQuotesAndControlCharactersStaysValidJson() {
        String body = new String(LocalResponse.jsonError(400, "bad \"x\"\n").body(), StandardCharsets.UTF_8);
        assertThat(body).endsWith(",\"detail\":\"bad \\\"x\\\"\\n\"}");
    }
}
