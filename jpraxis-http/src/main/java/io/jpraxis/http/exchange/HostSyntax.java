package io.jpraxis.http.exchange;

/**
 * The syntax of a {@code Host} value (RFC 9110 7.2): {@code uri-host [":" port]}, where uri-host
 * is a bracketed IP literal or a reg-name (RFC 3986 3.2.2). Anything else, such as userinfo
 * ({@code user@host}), a path or whitespace, is refused before the pipeline, because routing,
 * redirects and forwarding headers all read the host.
 */
final class HostSyntax {
    private static final int MAX_PORT_DIGITS = 5;

    private HostSyntax() {
    }

    /** Whether {@code value} is a well-formed Host value; an empty one is allowed (RFC 9112 3.2). */
    static boolean valid(String value) {
        int hostEnd;
        if (value.startsWith("[")) {
            int close = value.indexOf(']');
            if (close < 2 || !ipLiteral(value, 1, close)) {
                return false;
            }
            hostEnd = close + 1;
        } else {
            hostEnd = value.indexOf(':');
            hostEnd = hostEnd < 0 ? value.length() : hostEnd;
            for (int i = 0; i < hostEnd; i++) {
                if (!regNameChar(value.charAt(i))) {
                    return false;
                }
            }
        }
        if (hostEnd == value.length()) {
            return true;
        }
        return value.charAt(hostEnd) == ':' && port(value, hostEnd + 1);
    }

    private static boolean port(String value, int from) {
        int digits = value.length() - from;
        if (digits > MAX_PORT_DIGITS) {
            return false;
        }
        for (int i = from; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true; // an empty port is allowed by RFC 3986's grammar
    }

    /** IPv6address with an optional zone id (RFC 6874), or IPvFuture (RFC 3986 3.2.2). */
    private static boolean ipLiteral(String value, int from, int to) {
        boolean future = value.charAt(from) == 'v' || value.charAt(from) == 'V';
        int zone = value.indexOf("%25", from);
        int addressEnd = zone >= 0 && zone < to ? zone : to;
        for (int i = from; i < to; i++) {
            char c = value.charAt(i);
            boolean ok = future || i >= addressEnd
                    ? regNameChar(c) || c == ':'
                    : c == ':' || c == '.' || Character.digit(c, 16) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** unreserved / pct-encoded / sub-delims (RFC 3986 2.2, 2.3). */
    private static boolean regNameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                || "-._~%!$&'()*+,;=".indexOf(c) >= 0;
    }
}
