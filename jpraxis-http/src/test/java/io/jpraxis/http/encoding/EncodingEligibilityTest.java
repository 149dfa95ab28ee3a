package io.jpraxis.http.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The decision 25 exclusions and the content-type and size checks. */
class EncodingEligibilityTest {
    private static final ContentTypes DEFAULTS = new ContentTypes(List.of("text/", "application/json",
            "application/javascript", "application/xml", "application/wasm"));

    private static String refusal(int status, String type, String length) {
        return EncodingEligibility.refusal(status, null, null, null, type, length, 256, DEFAULTS);
    }

    @Test
    void aLargeJsonResponseIsEligible() {
        assertThat(refusal(200, "application/json; charset=utf-8", "65536")).isNull();
        assertThat(refusal(200, "Application/JSON", null)).as("no length is eligible").isNull();
        assertThat(refusal(404, "text/html", "1000")).isNull();
    }

    @Test
    void aLengthBelowTheMinimumIsNotEncoded() {
        assertThat(refusal(200, "application/json", "255")).isEqualTo("below min_size_bytes");
        assertThat(refusal(200, "application/json", "256")).isNull();
    }

    @Test
    void contentTypesMatchOnABoundary() {
        assertThat(refusal(200, "application/jsonp", "1000")).isEqualTo("content type not allowed");
        assertThat(refusal(200, "image/png", "1000")).isEqualTo("content type not allowed");
        assertThat(refusal(200, null, "1000")).isEqualTo("no content type");
        assertThat(DEFAULTS.matches("application/json+x")).isTrue();
        assertThat(DEFAULTS.matches("text/plain")).isTrue();
    }

    @Test
    void decision25ExclusionsHold() {
        assertThat(refusal(200, "text/event-stream", null)).isEqualTo("event stream");
        assertThat(refusal(206, "text/plain", "1000")).isEqualTo("partial content");
        assertThat(refusal(103, "text/plain", null)).isEqualTo("informational status");
        assertThat(EncodingEligibility.refusal(200, "gzip", null, null, "text/plain", "1000", 256, DEFAULTS))
                .isEqualTo("already encoded");
        assertThat(EncodingEligibility.refusal(200, null, "bytes 0-9/100", null, "text/plain", "1000", 256,
                DEFAULTS)).isEqualTo("content range");
        assertThat(EncodingEligibility.refusal(200, null, null, "public, No-Transform", "text/plain", "1000", 256,
                DEFAULTS)).isEqualTo("no-transform");
        assertThat(EncodingEligibility.refusal(200, null, null, "no-cache", "text/plain", "1000", 256, DEFAULTS))
                .isNull();
    }
}
