package io.jpraxis.http.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StatusLineWordsTest {

    private static String find(String word) {
        byte[] bytes = ("  " + word).getBytes(StandardCharsets.US_ASCII);
        return StatusLineWords.find(bytes, 2, word.length());
    }

    @Test
    void sharesVersionsCodesAndStandardReasons() {
        assertThat(find("HTTP/1.1")).isEqualTo("HTTP/1.1").isSameAs(find("HTTP/1.1"));
        assertThat(find("200")).isEqualTo("200").isSameAs(find("200"));
        assertThat(find("599")).isEqualTo("599");
        assertThat(find("OK")).isEqualTo("OK");
        assertThat(find("Service Unavailable")).isEqualTo("Service Unavailable");
    }

    @Test
    void leavesEverythingElseToTheDecoder() {
        assertThat(find("099")).isNull();
        assertThat(find("600")).isNull();
        assertThat(find("2x0")).isNull();
        assertThat(find("ok")).isNull();
        assertThat(find("HTTP/2.0")).isNull();
        assertThat(find("")).isNull();
        assertThat(find("x".repeat(300))).isNull();
    }
}
