package io.jpraxis.filters.support.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The cost of one read: a wanted field found early ends the scan there, so a large body whose
 * {@code model} comes first is read only a parser buffer or so deep, not to its end.
 */
class TopLevelFieldsTest {
    private static final int BODY_BYTES = 200 * 1024;

    /** A chat request of about {@code size} bytes: model first or last, a long message in between. */
    static byte[] chat(int size, boolean modelFirst) {
        String filler = "x".repeat(size);
        String messages = "\"messages\":[{\"role\":\"user\",\"content\":\"" + filler + "\"}]";
        String json = modelFirst ? "{\"model\":\"gpt-4o\"," + messages + "}" : "{" + messages + ",\"model\":\"gpt-4o\"}";
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /** Counts the bytes the parser pulls from the body. */
    private static final class Counting extends FilterInputStream {
        long consumed;

        Counting(byte[] bytes) {
            super(new ByteArrayInputStream(bytes));
        }

        @Override
        public int read() throws java.io.IOException {
            int b = super.read();
            consumed += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws java.io.IOException {
            int n = super.read(buffer, offset, length);
            consumed += Math.max(n, 0);
            return n;
        }
    }

    @Test
    void anEarlyModelEndsTheScanLongBeforeTheEndOfTheBody() {
        Counting in = new Counting(chat(BODY_BYTES, true));

        Map<String, String> found = TopLevelFields.read((InputStream) in, Set.of("model"));

        assertThat(found).containsExactly(Map.entry("model", "gpt-4o"));
        assertThat(in.consumed).as("bytes parsed of a %d-byte body whose model comes first", BODY_BYTES)
                .isLessThan(16 * 1024);
    }

    @Test
    void aLateModelIsFoundAfterOneFullPass() {
        byte[] body = chat(BODY_BYTES, false);
        Counting in = new Counting(body);

        assertThat(TopLevelFields.read((InputStream) in, Set.of("model"))).containsEntry("model", "gpt-4o");
        assertThat(in.consumed).as("the whole body, once").isEqualTo(body.length);
    }
}
