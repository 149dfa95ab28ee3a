package io.jpraxis.filters.payload.jsonbody;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Arr;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Kind;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Leaf;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Member;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Obj;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Reads a body into a {@link JsonDoc} and writes one back, with Jackson's streaming parser and generator. */
public final class JsonDocCodec {
    /** Nesting deeper than this is not a document json_body edits (and would cost stack). */
    static final int MAX_DEPTH = 512;
    private static final JsonFactory JSON = JsonFactory.builder()
            // A body may be up to 64 MiB, and one string may be most of it.
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
                    .maxStringLength(Integer.MAX_VALUE).maxNumberLength(Integer.MAX_VALUE).build())
            .build();

    private JsonDocCodec() {
    }

    /** What reading a body gave. */
    public sealed interface Parsed permits Document, Invalid {
    }

    /**
     * One JSON document.
     *
     * @param trailing whether non-whitespace followed the document (which blocks extracts, see
     *     docs/reference/filters/json_body.md#runtime)
     */
    public record Document(JsonDoc root, boolean trailing) implements Parsed {
    }

    /** Not JSON; {@code reason} is for the log. */
    public record Invalid(String reason) implements Parsed {
    }

    /** Reads the document {@code body} holds. */
    public static Parsed read(InputStream body) {
        try (JsonParser p = JSON.createParser(body)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                return new Invalid("empty body");
            }
            JsonDoc root = value(p, first);
            boolean trailing;
            try {
                trailing = p.nextToken() != null;
            } catch (IOException e) {
                trailing = true; // something that is not even a token follows the document
            }
            return new Document(root, trailing);
        } catch (IOException e) {
            return new Invalid(e.getMessage() == null ? e.toString() : firstLine(e.getMessage()));
        }
    }

    private static JsonDoc value(JsonParser p, JsonToken token) throws IOException {
        return switch (token) {
            case START_OBJECT -> object(p);
            case START_ARRAY -> array(p);
            case VALUE_STRING -> Leaf.string(p.getText());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new Leaf(Kind.NUMBER, p.getText());
            case VALUE_TRUE, VALUE_FALSE -> new Leaf(Kind.BOOLEAN, p.getText());
            case VALUE_NULL -> new Leaf(Kind.NULL, "null"); // a fresh leaf: removals find targets by identity
            default -> throw new IOException("unexpected " + token);
        };
    }

    private static Obj object(JsonParser p) throws IOException {
        Obj obj = new Obj();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
            String name = p.currentName();
            obj.members().add(new Member(name, value(p, p.nextToken())));
        }
        return obj;
    }

    private static Arr array(JsonParser p) throws IOException {
        Arr arr = new Arr();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            arr.elements().add(value(p, t));
        }
        return arr;
    }

    /** {@code doc} as compact UTF-8 JSON. */
    public static byte[] write(JsonDoc doc) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            write(g, doc);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // writing to memory does not fail
        }
        return out.toByteArray();
    }

    /** {@code doc} as compact JSON text. */
    public static String text(JsonDoc doc) {
        return new String(write(doc), java.nio.charset.StandardCharsets.UTF_8);
    }

    private static void write(JsonGenerator g, JsonDoc doc) throws IOException {
        switch (doc) {
            case Obj obj -> {
                g.writeStartObject();
                for (Member m : obj.members()) {
                    g.writeFieldName(m.name());
                    write(g, m.value());
                }
                g.writeEndObject();
            }
            case Arr arr -> {
                g.writeStartArray();
                for (JsonDoc e : arr.elements()) {
                    write(g, e);
                }
                g.writeEndArray();
            }
            case Leaf leaf -> leaf(g, leaf);
        }
    }

    private static void leaf(JsonGenerator g, Leaf leaf) throws IOException {
        switch (leaf.kind()) {
            case STRING -> g.writeString(leaf.text());
            case NUMBER -> g.writeNumber(leaf.text()); // the body's own spelling
            case BOOLEAN -> g.writeBoolean(Boolean.parseBoolean(leaf.text()));
            case NULL -> g.writeNull();
        }
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
