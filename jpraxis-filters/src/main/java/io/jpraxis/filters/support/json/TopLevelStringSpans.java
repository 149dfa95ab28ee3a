package io.jpraxis.filters.support.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds where the top-level string members of one name sit in a JSON object body, as byte spans,
 * so a filter can splice a new value in without re-serialising the rest ({@code model_rewrite}).
 * One streaming pass with the same parser and limits as {@link TopLevelFields}; nested values are
 * skipped, not built. Unlike that reader it reads the whole object, so a repeated key is found at
 * every occurrence and a body broken anywhere yields nothing.
 */
public final class TopLevelStringSpans {

    /**
     * One member's string value.
     *
     * @param start the offset of the value's opening quote
     * @param end the offset just past its closing quote
     * @param value the decoded string
     */
    public record Span(int start, int end, String value) {
    }

    private TopLevelStringSpans() {
    }

    /**
     * Every top-level member named {@code field} whose value is a string, in body order; empty when
     * the body is not one valid JSON object, or not UTF-8. Members of that name with other values
     * are skipped.
     */
    public static List<Span> find(byte[] body, String field) {
        if (body.length == 0) {
            return List.of();
        }
        try (JsonParser parser = TopLevelFields.JSON.createParser(body)) {
            return find(parser, field);
        } catch (IOException e) {
            return List.of(); // not JSON, or broken: nothing to splice into
        }
    }

    private static List<Span> find(JsonParser parser, String field) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            return List.of();
        }
        if (parser.currentTokenLocation().getByteOffset() < 0) {
            // Jackson detected UTF-16 or UTF-32 and reads characters, so it has no byte offsets to
            // splice at; such a body is not JSON to exchange anyway (RFC 8259 8.1: UTF-8 only).
            return List.of();
        }
        List<Span> found = new ArrayList<>(1);
        JsonToken token;
        while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (value == JsonToken.VALUE_STRING && field.equals(name)) {
                int start = (int) parser.currentTokenLocation().getByteOffset();
                String text = parser.getText(); // reads the whole string, so the location is past its quote
                found.add(new Span(start, (int) parser.currentLocation().getByteOffset(), text));
            } else {
                parser.skipChildren();
            }
        }
        if (token != JsonToken.END_OBJECT || parser.nextToken() != null) {
            return List.of();
        }
        return found;
    }
}
