package io.jpraxis.ai.streamusage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What stream_usage_inject does to a chat completions body (see docs/reference/filters/stream_usage_inject.md). */
class UsageOptionTest {

    private static String injected(String body) {
        byte[] out = UsageOption.injected(body.getBytes(StandardCharsets.UTF_8));
        return out == null ? null : new String(out, StandardCharsets.UTF_8);
    }

    @Test
    void aStreamWithoutStreamOptionsGetsThemWithUsage() {
        assertThat(injected("{\"model\":\"gpt-4o\",\"stream\":true,\"messages\":[]}"))
                .isEqualTo("{\"model\":\"gpt-4o\",\"stream\":true,\"messages\":[],\"stream_options\":{\"include_usage\":true}}");
    }

    @Test
    void nullStreamOptionsAreReplacedAndAnObjectKeepsItsOtherMembers() {
        assertThat(injected("{\"stream\":true,\"stream_options\":null}"))
                .isEqualTo("{\"stream\":true,\"stream_options\":{\"include_usage\":true}}");
        assertThat(injected("{\"stream\":true,\"stream_options\":{\"include_usage\":false,\"x\":1}}"))
                .isEqualTo("{\"stream\":true,\"stream_options\":{\"include_usage\":true,\"x\":1}}");
    }

    @Test
    void numbersKeepTheirExactValues() {
        assertThat(injected("{\"stream\":true,\"temperature\":0.70,\"seed\":12345678901234567890,\"top_p\":1e-3}"))
                .isEqualTo("{\"stream\":true,\"temperature\":0.70,\"seed\":12345678901234567890,\"top_p\":0.001,"
                        + "\"stream_options\":{\"include_usage\":true}}");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"stream\":true,\"stream_options\":{\"include_usage\":true}}", // asked already
        "{\"stream\":false}", "{\"model\":\"gpt-4o\"}", "{\"stream\":\"true\"}", // not a stream
        "{\"stream\":true,\"stream_options\":\"on\"}", "{\"stream\":true,\"stream_options\":[]}", // not an object
        "[1,2]", "not json", "{\"stream\":true,", ""})
    void everythingElseIsLeftAsSent(String body) {
        assertThat(injected(body)).isNull();
    }
}
