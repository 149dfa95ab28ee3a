package io.jpraxis.ai.candidate;

import io.jpraxis.filters.support.HeaderRules;
import java.nio.charset.StandardCharsets;

/** Text rules shared by candidates and overlays: byte lengths, header names and header values. */
public final class HeaderText {
    private HeaderText() {
    }

    /** The UTF-8 length of {@code text}, the unit every Praxis length limit counts in. */
    public static int utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Whether {@code text} is 1..{@code max} UTF-8 bytes and not whitespace only. */
    public static boolean isBoundedNonBlank(String text, int max) {
        if (text == null || text.isBlank()) {
            return false;
        }
        return utf8Length(text) <= max;
    }

    /** Whether {@code name} is a non-empty RFC 9110 token (section 5.6.2): the header filters' own rule. */
    public static boolean isHeaderName(String name) {
        return HeaderRules.isValidName(name);
    }

    /**
     * Whether {@code value} can be sent as a field value: visible ASCII, space and tab only
     * (RFC 9110 section 5.5). Non-ASCII is refused too, although the RFC tolerates obs-text,
     * because the HTTP codec writes header strings as single bytes and would mangle it.
     */
    public static boolean isHeaderValue(String value) {
        if (value == null) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < 0x20 || c > 0x7e)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a cluster name can become a {@code route_header} value unchanged (see
     * docs/behaviour/routing-headers.md#the-route-header): a non-empty header value with no leading
     * or trailing space or tab, which a receiver would trim.
     */
    public static boolean isRouteHeaderValue(String value) {
        if (value == null || value.isEmpty() || !isHeaderValue(value)) {
            return false;
        }
        return !isSpaceOrTab(value.charAt(0)) && !isSpaceOrTab(value.charAt(value.length() - 1));
    }

    /** {@code "text"} with control and non-ASCII characters escaped, as problems render values. */
    public static String quote(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    private static boolean isSpaceOrTab(char c) {
        return c == ' ' || c == '\t';
    }
}
