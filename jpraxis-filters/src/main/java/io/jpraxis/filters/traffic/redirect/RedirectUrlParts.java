package io.jpraxis.filters.traffic.redirect;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Makes request values safe to splice into a Location URL. */
final class RedirectUrlParts {
    private RedirectUrlParts() {
    }

    /**
     * The request path as a path that starts with exactly one {@code /}.
     *
     * <p>A path such as {@code //evil.com} or {@code /\evil.com} would turn a relative Location
     * into a protocol-relative one (browsers treat {@code \} as {@code /}) and send the client to
     * another site. The leading run of slashes and backslashes collapses to one slash; any other
     * backslash, and every control, space or non-ASCII character, is percent-encoded (RFC 3986
     * section 2.1) so nothing can end the header or reshape the URL.
     */
    static String safePath(String rawPath) {
        int start = 0;
        while (start < rawPath.length() && (rawPath.charAt(start) == '/' || rawPath.charAt(start) == '\\')) {
            start++;
        }
        StringBuilder out = new StringBuilder(rawPath.length() + 1).append('/');
        appendEncoded(out, rawPath, start, true);
        return out.toString();
    }

    /** {@code ?query} with unsafe characters percent-encoded, or empty when there is no query. */
    static String safeQuery(String rawQuery) {
        if (rawQuery == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(rawQuery.length() + 1).append('?');
        appendEncoded(out, rawQuery, 0, false);
        return out.toString();
    }

    /**
     * {@code http} or {@code https}: the first {@code X-Forwarded-Proto} element when it is one of
     * those, else the scheme the client used, else {@code http}.
     */
    static String scheme(String forwardedProto, String connectionScheme) {
        if (forwardedProto != null) {
            int comma = forwardedProto.indexOf(',');
            String first = (comma < 0 ? forwardedProto : forwardedProto.substring(0, comma)).trim();
            String known = knownScheme(first);
            if (known != null) {
                return known;
            }
        }
        String known = connectionScheme == null ? null : knownScheme(connectionScheme);
        return known != null ? known : "http";
    }

    private static String knownScheme(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "http" -> "http";
            case "https" -> "https";
            default -> null;
        };
    }

    private static void appendEncoded(StringBuilder out, String text, int from, boolean encodeBackslash) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c <= 0x20 || c >= 0x7f || (encodeBackslash && c == '\\')) {
                int codePoint = text.codePointAt(i);
                for (byte b : new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8)) {
                    out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                            .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
                }
                i += Character.charCount(codePoint) - 1;
            } else {
                out.append(c);
            }
        }
    }
}
