package io.jpraxis.filters.security.forwarded;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the {@code for=} hops of {@code Forwarded} (RFC 7239 4): comma-separated elements of
 * {@code name=value} pairs split by {@code ;}, a value a token or a quoted-string. A header that
 * breaks the grammar, repeats a parameter in one element (RFC 7239 4) or is longer than
 * {@link #MAX_CHARS} is not read at all: its elements cannot be told apart, so none is believed.
 */
final class ForwardedFor {
    /** Far more than {@link XForwardedFor#MAX_HOPS} elements need; a longer header is not parsed. */
    static final int MAX_CHARS = 16 * 1024;

    private final String text;
    private int pos;

    private ForwardedFor(String text) {
        this.text = text;
    }

    /**
     * The rightmost hops (at most {@link XForwardedFor#MAX_HOPS}), left to right, null for an element
     * with no {@code for=} address; empty when the lines do not parse.
     */
    static Optional<List<InetAddress>> hops(List<String> lines) {
        String joined = String.join(",", lines); // field lines combine as one list (RFC 9110 5.3)
        if (joined.length() > MAX_CHARS) {
            return Optional.empty();
        }
        return Optional.ofNullable(new ForwardedFor(joined).elements());
    }

    private List<InetAddress> elements() {
        List<String> fors = new ArrayList<>(); // one per element, null without for=; MAX_CHARS bounds it
        List<String> names = new ArrayList<>(4);
        String forValue = null;
        while (true) {
            skipSpace();
            if (pos == text.length() || text.charAt(pos) == ',') {
                if (!names.isEmpty()) { // an empty element (a, , b) is no hop
                    fors.add(forValue);
                }
                if (pos == text.length()) {
                    break;
                }
                pos++;
                names.clear();
                forValue = null;
                continue;
            }
            if (text.charAt(pos) == ';') {
                pos++;
                continue;
            }
            String name = token();
            if (name.isEmpty() || pos == text.length() || text.charAt(pos) != '=') {
                return null;
            }
            pos++;
            String value = pos < text.length() && text.charAt(pos) == '"' ? quoted() : token();
            if (value == null || value.isEmpty()) {
                return null;
            }
            String lower = name.toLowerCase(Locale.ROOT);
            if (names.contains(lower)) {
                return null;
            }
            names.add(lower);
            if (lower.equals("for")) {
                forValue = value;
            }
            skipSpace();
            if (pos < text.length() && text.charAt(pos) != ';' && text.charAt(pos) != ',') {
                return null;
            }
        }
        List<InetAddress> hops = new ArrayList<>(XForwardedFor.MAX_HOPS);
        for (String node : fors.subList(Math.max(0, fors.size() - XForwardedFor.MAX_HOPS), fors.size())) {
            hops.add(node == null ? null : HopAddress.parse(node, true).orElse(null));
        }
        return hops;
    }

    private void skipSpace() {
        while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
            pos++;
        }
    }

    /** A token (RFC 9110 5.6.2), possibly empty. */
    private String token() {
        int start = pos;
        while (pos < text.length() && tchar(text.charAt(pos))) {
            pos++;
        }
        return text.substring(start, pos);
    }

    /** A quoted-string (RFC 9110 5.6.4) without its quotes and escapes; null when it is not one. */
    private String quoted() {
        StringBuilder out = new StringBuilder();
        pos++; // the opening quote
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            }
            if (c == '\\') {
                if (pos == text.length()) {
                    return null;
                }
                c = text.charAt(pos++);
            }
            if (c < 0x20 && c != '\t' || c == 0x7f || c > 0xff) {
                return null;
            }
            out.append(c);
        }
        return null; // unterminated
    }

    private static boolean tchar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }
}
