package io.jpraxis.core.http;

import java.util.List;

/**
 * Lower-case header names without allocation for the names nearly every message carries. Header
 * names arrive from the wire in whatever case the peer wrote ({@code Content-Type}), and each
 * message would otherwise cost a new lower-case string per line; a name found here is returned as
 * its shared constant, any other one is lower-cased as usual.
 */
public final class CommonHeaderNames {
    private static final List<String> NAMES = List.of(
            "host", "user-agent", "accept", "accept-encoding", "accept-language", "accept-ranges", "age",
            "authorization", "cache-control", "connection", "content-encoding", "content-length", "content-range",
            "content-type", "cookie", "date", "etag", "expect", "expires", "forwarded", "if-modified-since",
            "if-none-match", "keep-alive", "last-modified", "location", "origin", "pragma", "proxy-connection",
            "range", "referer", "server", "set-cookie", "te", "trailer", "transfer-encoding", "upgrade", "vary",
            "via", "traceparent", "tracestate", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto",
            "x-real-ip", "x-request-id", "strict-transport-security", "access-control-allow-origin",
            "www-authenticate", "x-model");
    private static final int MASK = 255; // a table four times the list's size keeps probe chains short
    private static final String[] TABLE = new String[MASK + 1];

    static {
        for (String name : NAMES) {
            int slot = hash(name) & MASK;
            while (TABLE[slot] != null) {
                slot = (slot + 1) & MASK;
            }
            TABLE[slot] = name;
        }
    }

    private CommonHeaderNames() {
    }

    /** The lower-case form of {@code name}: a shared constant when it is a common name. */
    public static String lowerCase(CharSequence name) {
        for (int slot = hash(name) & MASK; TABLE[slot] != null; slot = (slot + 1) & MASK) {
            if (equalsIgnoreAsciiCase(TABLE[slot], name)) {
                return TABLE[slot];
            }
        }
        return HeaderMap.normalize(name.toString());
    }

    /** A hash of the ASCII-lower-cased characters, so every spelling of a name lands in one slot. */
    private static int hash(CharSequence s) {
        int h = 0;
        for (int i = 0; i < s.length(); i++) {
            h = 31 * h + lower(s.charAt(i));
        }
        return h ^ (h >>> 16);
    }

    private static boolean equalsIgnoreAsciiCase(String lowerCase, CharSequence s) {
        if (lowerCase.length() != s.length()) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            if (lowerCase.charAt(i) != lower(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }
}
