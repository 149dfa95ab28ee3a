package io.jpraxis.http.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A name is shared only when its bytes match exactly, so the peer's spelling is never changed. */
class KnownHeaderNamesTest {

    private static AsciiString shared(String line, int start, int length) {
        byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        return KnownHeaderNames.find(bytes, start, length);
    }

    /** The shared name's text, or null. */
    private static String find(String line, int start, int length) {
        AsciiString name = shared(line, start, length);
        return name == null ? null : name.toString();
    }

    @Test
    void theUsualSpellingsAreSharedAndKeepTheirCase() {
        Object titleCase = shared("Content-Type", 0, 12);
        assertThat(titleCase).hasToString("Content-Type");
        assertThat(find("content-type", 0, 12)).isEqualTo("content-type");
        assertThat((Object) shared("Content-Type", 0, 12)).as("one instance per spelling").isSameAs(titleCase);
        assertThat(find("ETag", 0, 4)).isEqualTo("ETag");
        assertThat(find("Etag", 0, 4)).isEqualTo("Etag");
        assertThat(find("X-Request-ID", 0, 12)).isEqualTo("X-Request-ID");
        assertThat(find("Strict-Transport-Security", 0, 25)).isEqualTo("Strict-Transport-Security");
    }

    @Test
    void otherSpellingsAndUnknownNamesAreLeftToTheDecoder() {
        assertThat(find("CONTENT-TYPE", 0, 12)).isNull();
        assertThat(find("content-Type", 0, 12)).isNull();
        assertThat(find("X-Custom", 0, 8)).isNull();
        assertThat(find("", 0, 0)).isNull();
        assertThat(find("x".repeat(200), 0, 200)).as("longer than any name in the table").isNull();
    }

    @Test
    void onlyTheGivenRangeIsCompared() {
        String line = "xxHostyy";
        assertThat(find(line, 2, 4)).isEqualTo("Host");
        assertThat(find(line, 2, 5)).isNull();
        assertThat(find("Hosting", 0, 4)).isEqualTo("Host");
    }

    @Test
    void capitalizesEachWord() {
        assertThat(KnownHeaderNames.capitalized("x-forwarded-for")).isEqualTo("X-Forwarded-For");
        assertThat(KnownHeaderNames.capitalized("te")).isEqualTo("Te");
    }
}
