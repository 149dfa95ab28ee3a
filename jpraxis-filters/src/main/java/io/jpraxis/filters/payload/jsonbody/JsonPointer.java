package io.jpraxis.filters.payload.jsonbody;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An RFC 6901 JSON pointer, parsed once at load: {@code ""} names the whole document, every other
 * pointer is {@code /}-separated reference tokens in which {@code ~1} stands for {@code /} and
 * {@code ~0} for {@code ~} (RFC 6901 section 4).
 *
 * @param text the pointer as configured
 * @param tokens the decoded reference tokens, outermost first
 */
public record JsonPointer(String text, List<String> tokens) {
    /** What a valid pointer looks like, for diagnostics. */
    static final String SYNTAX = "an RFC 6901 JSON pointer: empty, or /-separated tokens with ~ only as ~0 or ~1";

    public JsonPointer {
        tokens = List.copyOf(tokens);
    }

    /** The pointer {@code text}, or empty when it is not valid RFC 6901 syntax. */
    public static Optional<JsonPointer> parse(String text) {
        if (text.isEmpty()) {
            return Optional.of(new JsonPointer(text, List.of()));
        }
        if (text.charAt(0) != '/') {
            return Optional.empty();
        }
        List<String> tokens = new ArrayList<>();
        StringBuilder token = new StringBuilder();
        for (int i = 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '/') {
                tokens.add(token.toString());
                token.setLength(0);
            } else if (c == '~') {
                char next = i + 1 < text.length() ? text.charAt(i + 1) : 0;
                if (next != '0' && next != '1') {
                    return Optional.empty();
                }
                token.append(next == '0' ? '~' : '/');
                i++;
            } else {
                token.append(c);
            }
        }
        tokens.add(token.toString());
        return Optional.of(new JsonPointer(text, tokens));
    }

    /** Whether one pointer is the other or lies inside it (token by token: {@code /a} holds {@code /a/b}, not {@code /ab}). */
    public boolean overlaps(JsonPointer other) {
        int n = Math.min(tokens.size(), other.tokens.size());
        return tokens.subList(0, n).equals(other.tokens.subList(0, n));
    }

    /** Whether this is the whole-document pointer {@code ""}. */
    public boolean isRoot() {
        return tokens.isEmpty();
    }

    /** The pointer to the parent container; only for a pointer that is not the root. */
    JsonPointer parent() {
        return new JsonPointer(text.substring(0, text.lastIndexOf('/')), tokens.subList(0, tokens.size() - 1));
    }

    /** The last reference token; only for a pointer that is not the root. */
    String last() {
        return tokens.getLast();
    }

    @Override
    public String toString() {
        return text;
    }
}
