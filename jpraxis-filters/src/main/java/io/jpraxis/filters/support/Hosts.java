package io.jpraxis.filters.support;

/**
 * Reading the host out of a {@code Host} header or {@code :authority} without allocating: callers
 * get the index where the host ends and compare regions of the original string.
 */
public final class Hosts {
    private Hosts() {
    }

    /**
     * The end (exclusive) of the host part of {@code authority}: before {@code :port}, or just after
     * the {@code ]} of a bracketed IPv6 literal (which keeps its brackets, as RFC 3986 section 3.2.2
     * writes it). A {@code [} without {@code ]} counts as all host, so it never matches a pattern.
     */
    public static int hostEnd(String authority) {
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            return close < 0 ? authority.length() : close + 1;
        }
        int colon = authority.indexOf(':');
        return colon < 0 ? authority.length() : colon;
    }

    /**
     * As {@link #hostEnd}, less one trailing dot: {@code example.com.} is the fully-qualified
     * spelling of {@code example.com} and matches what it matches. The HTTP edge forwards the host
     * without the dot already; a request that did not come through it (ext_proc) may still have one.
     */
    public static int matchEnd(String authority) {
        int end = hostEnd(authority);
        return end > 1 && authority.charAt(end - 1) == '.' ? end - 1 : end;
    }

    /** {@code authority} without its port; allocates only when there is a port to drop. */
    public static String withoutPort(String authority) {
        int end = hostEnd(authority);
        return end == authority.length() ? authority : authority.substring(0, end);
    }

    /**
     * Whether {@code host} (no port) is a DNS name, IPv4 address or bracketed IPv6 literal made only
     * of the characters those allow: letters, digits, {@code - . _} or, inside brackets, hex digits,
     * {@code :} and {@code .}. Anything else could change a URL's meaning when spliced into it.
     */
    public static boolean isPlainHost(String host) {
        if (host.isEmpty()) {
            return false;
        }
        if (host.charAt(0) == '[') {
            return isBracketedIpv6(host);
        }
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == '-' || c == '.' || c == '_';
            if (!ok) {
                return false;
            }
        }
        return host.charAt(0) != '.' && host.charAt(0) != '-';
    }

    private static boolean isBracketedIpv6(String host) {
        if (host.length() < 4 || host.charAt(host.length() - 1) != ']') {
            return false;
        }
        boolean sawColon = false;
        for (int i = 1; i < host.length() - 1; i++) {
            char c = host.charAt(i);
            if (c == ':') {
                sawColon = true;
            } else if (!(Character.digit(c, 16) >= 0 && c < 128 || c == '.')) {
                return false;
            }
        }
        return sawColon;
    }

    /** Whether {@code authority} from index {@code from} to its end is 1 to 5 ASCII digits (a port). */
    public static boolean isPortText(String authority, int from) {
        int length = authority.length() - from;
        if (length < 1 || length > 5) {
            return false;
        }
        for (int i = from; i < authority.length(); i++) {
            char c = authority.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
