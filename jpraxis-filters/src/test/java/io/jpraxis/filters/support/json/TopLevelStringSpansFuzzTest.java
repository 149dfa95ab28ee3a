package io.jpraxis.filters.support.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * {@link TopLevelStringSpans} against Jackson's full parse: every span lies inside the body, after
 * the one before, and its bytes are exactly one JSON string whose value is the span's; in a UTF-8
 * object Jackson accepts, the last span is the member Jackson keeps, and in any other UTF-8 body
 * there is none (UTF-16 and UTF-32 bodies have no byte offsets to splice at, so none either).
 * Input: the body from the front of the data, the field picked by its last byte.
 */
class TopLevelStringSpansFuzzTest {

    @FuzzTest
    void spansAgreeWithJacksonAndStayInsideTheBody(FuzzedDataProvider data) {
        String field = data.pickValue(JacksonOracle.FIELDS);
        byte[] body = data.consumeRemainingAsBytes();

        List<TopLevelStringSpans.Span> spans = TopLevelStringSpans.find(body, field);

        int previousEnd = 0;
        for (TopLevelStringSpans.Span span : spans) {
            assertThat(span.start()).as("span %s starts inside the body, after the one before", span)
                    .isBetween(previousEnd, body.length - 2);
            assertThat(span.end()).as("span %s ends inside the body, past its start", span)
                    .isBetween(span.start() + 2, body.length);
            JsonNode sliced = JacksonOracle.LENIENT.read(Arrays.copyOfRange(body, span.start(), span.end()));
            assertThat(sliced != null && sliced.isTextual()).as("the bytes of span %s are one JSON string", span).isTrue();
            assertThat(sliced.textValue()).as("the value of span %s is the string its bytes hold", span)
                    .isEqualTo(span.value());
            previousEnd = span.end();
        }
        String text = utf8(body);
        if (text == null) {
            return; // spans in bytes that are not UTF-8 need only be in bounds
        }
        JsonNode root = JacksonOracle.LENIENT.read(text);
        if (root == null || !root.isObject()) {
            assertThat(spans).as("spans in a body that is not one UTF-8 JSON object").isEmpty();
            return;
        }
        JsonNode last = root.get(field);
        if (last == null) {
            assertThat(spans).as("spans for a member the object does not have").isEmpty();
        } else if (last.isTextual()) {
            assertThat(spans).as("spans when the last member %s is a string", field).isNotEmpty();
            assertThat(spans.getLast().value()).as("the last span is the member Jackson keeps").isEqualTo(last.textValue());
        }
    }

    /** The body as strictly decoded UTF-8, or null when it is not UTF-8. */
    private static String utf8(byte[] body) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
