package io.jpraxis.filters.payload.jsonbody;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON value as {@code json_body} edits it. Unlike a map-based tree it keeps what the body
 * said: object members in order and with duplicate names (a pointer then matches each of them),
 * and numbers spelled as they were, so a rewrite changes only what an operation touched (and the
 * whitespace between tokens).
 */
public sealed interface JsonDoc permits JsonDoc.Obj, JsonDoc.Arr, JsonDoc.Leaf {

    /** An object; its member list is edited in place by the operations. */
    record Obj(List<Member> members) implements JsonDoc {
        public Obj() {
            this(new ArrayList<>());
        }
    }

    /** One member of an object; its value is replaced in place. */
    final class Member {
        final String name;
        JsonDoc value;

        Member(String name, JsonDoc value) {
            this.name = name;
            this.value = value;
        }

        public String name() {
            return name;
        }

        public JsonDoc value() {
            return value;
        }
    }

    /** An array; its element list is edited in place by the operations. */
    record Arr(List<JsonDoc> elements) implements JsonDoc {
        public Arr() {
            this(new ArrayList<>());
        }
    }

    /**
     * A string, number, boolean or null.
     *
     * @param text the decoded characters of a string; for the others the JSON text itself
     *     ({@code 1.50}, {@code true}, {@code null})
     */
    record Leaf(Kind kind, String text) implements JsonDoc {
        /** The JSON null. */
        public static final Leaf NULL = new Leaf(Kind.NULL, "null");

        /** A string leaf holding {@code text}. */
        public static Leaf string(String text) {
            return new Leaf(Kind.STRING, text);
        }
    }

    /** The kinds of leaf. */
    enum Kind { STRING, NUMBER, BOOLEAN, NULL }
}
