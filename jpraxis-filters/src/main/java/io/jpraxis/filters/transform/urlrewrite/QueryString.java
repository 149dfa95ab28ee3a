package io.jpraxis.filters.transform.urlrewrite;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A query as {@code url_rewrite} edits it (see docs/reference/filters/url_rewrite.md#query-operations):
 * its {@code &}-separated pairs kept as the client wrote them, each compared by its name
 * percent-decoded, so {@code %66oo=1} is parameter {@code foo}. Removing and keeping never
 * re-encode what stays; added pairs are encoded here.
 */
final class QueryString {
    private final String original;
    private final List<String> pairs;
    private boolean modified;

    private QueryString(String original, List<String> pairs) {
        this.original = original;
        this.pairs = pairs;
    }

    /** The pairs of {@code query} (without {@code ?}; null: none). */
    static QueryString parse(String query) {
        List<String> pairs = new ArrayList<>();
        if (query != null && !query.isEmpty()) {
            for (String pair : query.split("&", -1)) {
                pairs.add(pair);
            }
        }
        return new QueryString(query, pairs);
    }

    /** Drops every pair whose decoded name is in {@code names}. */
    void strip(Set<String> names) {
        modified |= pairs.removeIf(p -> names.contains(name(p)));
    }

    /** Keeps only the pairs whose decoded name is in {@code names} (an empty set drops all). */
    void keepOnly(Set<String> names) {
        modified |= pairs.removeIf(p -> !names.contains(name(p)));
    }

    /** Appends {@code name=value} for each entry, in the map's order, encoded; existing names stay. */
    void add(Map<String, String> params) {
        params.forEach((name, value) -> pairs.add(encode(name) + "=" + encode(value)));
        modified |= !params.isEmpty();
    }

    /**
     * The query without {@code ?}: the client's when nothing changed, else the pairs left, or null
     * when none is (no bare {@code ?}).
     */
    String render() {
        if (!modified) {
            return original;
        }
        return pairs.isEmpty() ? null : String.join("&", pairs);
    }

    /** The pair's name, before the first {@code =}, percent-decoded as UTF-8. */
    static String name(String pair) {
        int eq = pair.indexOf('=');
        return decode(eq < 0 ? pair : pair.substring(0, eq));
    }

    /** Percent-decodes {@code text}; a malformed escape stays as written. */
    static String decode(String text) {
        if (text.indexOf('%') < 0) {
            return text;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int high = c == '%' && i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
            int low = high >= 0 ? Character.digit(text.charAt(i + 2), 16) : -1;
            if (low >= 0) {
                bytes.write(high << 4 | low);
                i += 2;
            } else {
                byte[] raw = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(raw, 0, raw.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * Percent-encodes what would change the query's structure or is not allowed in a request
     * target: control characters, space, {@code "}, {@code #}, {@code &}, {@code +}, {@code =} and
     * every non-ASCII byte (the set Praxis encodes). {@code %} passes as written, as in Praxis, so
     * a configured value may carry its own escapes.
     */
    static String encode(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int v = b & 0xff;
            if (v < 0x20 || v >= 0x7f || " \"#&+=".indexOf(v) >= 0) {
                out.append('%').append(Character.toUpperCase(Character.forDigit(v >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(v & 0xf, 16)));
            } else {
                out.append((char) v);
            }
        }
        return out.toString();
    }
}
