package io.jpraxis.filters.traffic.sticky;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.CookieAttributes;
import java.util.List;

/**
 * The cookie syntax sticky sessions need (RFC 6265 sections 4.1 and 4.2): one value out of the
 * request's {@code Cookie} lines, the value an upstream's {@code Set-Cookie} gives a name, and the
 * {@code Set-Cookie} the gateway sends in cookie mode. Values are opaque: no unquoting.
 */
final class CookieHeaders {
    private CookieHeaders() {
    }

    /**
     * The value of the first cookie named {@code name} across every {@code Cookie} line (a client
     * or an HTTP/2 hop may split them); null when there is none or it is empty.
     */
    static String requestCookie(HeaderMap headers, String name) {
        for (String line : headers.getAll("cookie")) {
            int start = 0;
            while (start <= line.length()) {
                int end = line.indexOf(';', start);
                if (end < 0) {
                    end = line.length();
                }
                String value = valueIf(line.substring(start, end), name);
                if (value != null) {
                    return value.isEmpty() ? null : value;
                }
                start = end + 1;
            }
        }
        return null;
    }

    /**
     * The value the last {@code Set-Cookie} for {@code name} gives (the one a browser keeps); null
     * when none sets it or the last one sets it empty.
     */
    static String setCookieValue(HeaderMap headers, String name) {
        List<String> lines = headers.getAll("set-cookie");
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i);
            int semicolon = line.indexOf(';');
            String value = valueIf(semicolon < 0 ? line : line.substring(0, semicolon), name);
            if (value != null) {
                return value.isEmpty() ? null : value;
            }
        }
        return null;
    }

    /** {@code name=id} with the configured attributes and {@code Max-Age} of the session's idle TTL. */
    static String setCookie(String name, String id, CookieAttributes attributes, long maxAgeSecs) {
        StringBuilder sb = new StringBuilder(64).append(name).append('=').append(id)
                .append("; Max-Age=").append(maxAgeSecs);
        if (attributes.domain() != null) {
            sb.append("; Domain=").append(attributes.domain());
        }
        if (attributes.path() != null) {
            sb.append("; Path=").append(attributes.path());
        }
        if (attributes.secure()) {
            sb.append("; Secure");
        }
        if (attributes.httpOnly()) {
            sb.append("; HttpOnly");
        }
        if (attributes.sameSite() != null) {
            sb.append("; SameSite=").append(attributes.sameSite());
        }
        return sb.toString();
    }

    /** The value of one {@code name=value} pair (spaces around both trimmed) when it is {@code name}'s, else null. */
    private static String valueIf(String pair, String name) {
        int eq = pair.indexOf('=');
        if (eq < 0 || !pair.substring(0, eq).strip().equals(name)) {
            return null;
        }
        return pair.substring(eq + 1).strip();
    }
}
