package io.jpraxis.http.exchange;

import java.util.Locale;

/**
 * The syntax of a {@code Host} value (RFC 9110 7.2): {@code uri-host [":" port]}, where uri-host
 * is a bracketed IP literal or a reg-name (RFC 3986 3.2.2). Anything else, such as userinfo
 * ({@code user@host}), a path or whitespace, is refused before the pipeline, because routing,
 * redirects and forwarding headers all read the host. So are an empty host (a gateway has nothing
 * to route it by, though RFC 9112 3.2 lets a client send one) and a port outside 1 to 65535.
 */
final class HostSyntax {
    private static final int MAX_PORT_DIGITS = 5;

    private HostSyntax() {
    }

    /** Whether {@code value} is a well-formed Host value with a host in it. */
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
        if (hostEnd == 0 || value.startsWith(".") && hostEnd == 1) {
            return false; // no host, or a root label alone, which is no host once canonical
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
        int port = 0;
        for (int i = from; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
            port = port * 10 + (c - '0');
        }
        return digits == 0 || port >= 1 && port <= 65_535; // an empty port is allowed by RFC 3986's grammar
    }

    /**
     * The one spelling of a valid Host value that routes match and the origin gets: a reg-name in
     * lower case (RFC 9110 4.2.3: the host is case-insensitive) without its trailing dot
     * ({@code example.com.} is the same fully-qualified name). IP literals and the port are kept as
     * sent. Returns {@code value} itself when it is already canonical, as almost every one is;
     * null for null.
     */
    static String canonical(String value) {
        if (value == null || value.startsWith("[")) {
            return value;
        }
        int hostEnd = value.indexOf(':');
        hostEnd = hostEnd < 0 ? value.length() : hostEnd;
        boolean trailingDot = hostEnd > 1 && value.charAt(hostEnd - 1) == '.';
        boolean upper = false;
        for (int i = 0; i < hostEnd && !upper; i++) {
            char c = value.charAt(i);
            upper = c >= 'A' && c <= 'Z';
        }
        if (!trailingDot && !upper) {
            return value;
        }
        String host = value.substring(0, trailingDot ? hostEnd - 1 : hostEnd).toLowerCase(Locale.ROOT);
        return host + value.substring(hostEnd);
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
