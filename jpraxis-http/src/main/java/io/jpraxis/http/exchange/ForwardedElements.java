package io.jpraxis.http.exchange;

/**
 * Reads and writes the {@code Forwarded} header of RFC 7239: a comma-separated list of elements,
 * each {@code pair *(";" pair)} with {@code pair = token "=" (token / quoted-string)} (section 4).
 * Only what this hop keeps of a client's header is read, its {@code for=} values in order.
 */
final class ForwardedElements {
    private ForwardedElements() {
    }

    /**
     * The {@code for=} parameters of {@code header} (all the client's lines joined with ", "), each
     * re-written as {@code for=value} and joined with ", "; "" when no element names one; null when
     * the header is not RFC 7239 syntax. Other parameters go: {@code by}, {@code host} and
     * {@code proto} describe a proxy's own side, which only the first proxy can know (8.1).
     */
    static String earlierFors(String header) {
        StringBuilder kept = new StringBuilder();
        int i = 0;
        int n = header.length();
        while (true) {
            i = skipSpace(header, i);
            if (i == n) {
                return kept.toString();
            }
            char c = header.charAt(i);
            if (c == ',' || c == ';') { // empty list members and empty pairs are allowed (RFC 9110 5.6.1)
                i++;
                continue;
            }
            int nameEnd = tokenEnd(header, i);
            if (nameEnd == i || nameEnd == n || header.charAt(nameEnd) != '=') {
                return null;
            }
            String name = header.substring(i, nameEnd);
            int valueStart = nameEnd + 1;
            String value;
            if (valueStart < n && header.charAt(valueStart) == '"') {
                StringBuilder unquoted = new StringBuilder();
                i = quotedEnd(header, valueStart, unquoted);
                if (i < 0) {
                    return null;
                }
                value = unquoted.toString();
            } else {
                i = tokenEnd(header, valueStart);
                if (i == valueStart) {
                    return null;
                }
                value = header.substring(valueStart, i);
            }
            if (name.equalsIgnoreCase("for")) {
                if (!kept.isEmpty()) {
                    kept.append(", ");
                }
                pair(kept, "for", value);
            }
            i = skipSpace(header, i);
            if (i < n && header.charAt(i) != ',' && header.charAt(i) != ';') {
                return null; // two values, or a stray character, after one pair
            }
        }
    }

    /** Appends {@code name=value}, the value a token when it can be, else a quoted-string (RFC 7239 4). */
    static void pair(StringBuilder out, String name, String value) {
        out.append(name).append('=');
        if (!value.isEmpty() && tokenEnd(value, 0) == value.length()) {
            out.append(value);
            return;
        }
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        out.append('"');
    }

    /**
     * A node as RFC 7239 6 writes it: an IPv6 address in brackets (and so, with its colons, always
     * quoted by {@link #pair}); an IPv4 address, or any other text, as it is.
     */
    static String node(String ip) {
        return ip.indexOf(':') >= 0 ? "[" + ip + "]" : ip;
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** Where the run of tchars (RFC 9110 5.6.2) from {@code i} ends. */
    private static int tokenEnd(String s, int i) {
        while (i < s.length() && tchar(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The index after the quoted-string at {@code i} (RFC 9110 5.6.4), its content into {@code out}; -1 if unterminated. */
    private static int quotedEnd(String s, int i, StringBuilder out) {
        for (int j = i + 1; j < s.length(); j++) {
            char c = s.charAt(j);
            if (c == '"') {
                return j + 1;
            }
            if (c == '\\') {
                if (++j == s.length()) {
                    return -1;
                }
                c = s.charAt(j);
            }
            out.append(c);
        }
        return -1;
    }

    private static boolean tchar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }
}
