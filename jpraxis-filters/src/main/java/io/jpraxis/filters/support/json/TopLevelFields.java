package io.jpraxis.filters.support.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import io.jpraxis.core.filter.BodyChunk;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads chosen top-level fields of a JSON object with Jackson's streaming parser: no tree of the
 * document is built, unwanted values are skipped, and reading stops once every wanted field was
 * found (the first occurrence of a repeated key wins; what follows is not validated). A string
 * value is taken as it is; any other value as its JSON text ({@code 42}, {@code true}, {@code null},
 * a nested object or array written compactly). A body that is not a JSON object, or that breaks
 * before every wanted field was found, yields nothing.
 */
public final class TopLevelFields {
    /** Nesting deeper than this is refused as not worth reading (the body is already size-bounded). */
    public static final int MAX_NESTING_DEPTH = 128;
    /** Shared with {@link TopLevelStringSpans}, so both readers hold bodies to the same limits. */
    static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH).build())
            .build();

    private TopLevelFields() {
    }

    /** The wanted fields found in {@code body}, by name; empty when the body is not usable. */
    public static Map<String, String> read(BodyChunk body, Set<String> wanted) {
        if (body.length() == 0) {
            return Map.of();
        }
        return read(body.inputStream(), wanted);
    }

    /**
     * Whether {@code body} is one well-formed JSON object (within the nesting limit), read to its
     * end: tells a body that is not JSON from one that lacks a field, on the rare path where a
     * wanted field was not found.
     */
    public static boolean isJsonObject(BodyChunk body) {
        if (body.length() == 0) {
            return false;
        }
        try (JsonParser parser = JSON.createParser(body.inputStream())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            parser.skipChildren();
            return parser.nextToken() == null;
        } catch (IOException e) {
            return false;
        }
    }

    /** As {@link #read(BodyChunk, Set)}, from a stream (tests count what it consumes). */
    static Map<String, String> read(InputStream in, Set<String> wanted) {
        try (JsonParser parser = JSON.createParser(in)) {
            return read(parser, wanted);
        } catch (IOException e) {
            return Map.of(); // not JSON, or broken before the fields were found: nothing to promote
        }
    }

    private static Map<String, String> read(JsonParser parser, Set<String> wanted) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            return Map.of();
        }
        Map<String, String> found = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (wanted.contains(name) && !found.containsKey(name)) {
                found.put(name, text(parser, value));
                if (found.size() == wanted.size()) {
                    return found;
                }
            } else {
                parser.skipChildren();
            }
        }
        // The object ended without every wanted field: the rest of the document must still be valid.
        if (parser.nextToken() != null) {
            return Map.of();
        }
        return found;
    }

    private static String text(JsonParser parser, JsonToken value) throws IOException {
        return switch (value) {
            case VALUE_STRING -> parser.getText();
            case START_OBJECT, START_ARRAY -> compact(parser);
            default -> parser.getText(); // numbers as written, true, false, null
        };
    }

    private static String compact(JsonParser parser) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = JSON.createGenerator(out)) {
            generator.copyCurrentStructure(parser);
        }
        return out.toString();
    }
}
