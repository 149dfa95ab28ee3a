package io.jpraxis.http.admin;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * The DNS-rebinding guard of a loopback admin bind (see
 * docs/behaviour/config-loading.md#admin-listener): a browser tricked into calling the admin port
 * sends the attacker's host name in {@code Host}, so only loopback literals and {@code localhost}
 * are served; anything else gets 421. Never resolves a name.
 */
final class LoopbackHost {
    private LoopbackHost() {
    }

    /**
     * Whether every {@code Host} line of a request names this machine. More than one is refused:
     * which of them a component reads would decide whether the guard holds (RFC 9112 3.2: 400).
     */
    static boolean allowedAll(List<String> hosts) {
        return hosts.isEmpty() || (hosts.size() == 1 && allowed(hosts.getFirst()));
    }

    /**
     * Whether a {@code Host} header value names this machine: {@code localhost}, a 127.0.0.0/8
     * literal or {@code [::1]}, each with an optional port. An absent header passes: a browser
     * always sends one, so its absence is no rebinding attempt (HTTP/1.0 tools omit it).
     */
    static boolean allowed(String host) {
        if (host == null) {
            return true;
        }
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            return close > 0 && portOk(h.substring(close + 1)) && ipv6Loopback(h.substring(1, close));
        }
        int colon = h.indexOf(':');
        String name = colon < 0 ? h : h.substring(0, colon);
        if (colon >= 0 && !portOk(h.substring(colon))) {
            return false;
        }
        return name.equals("localhost") || name.equals("localhost.") || ipv4Loopback(name);
    }

    /** Empty, or {@code :} and 1 to 5 digits. */
    private static boolean portOk(String rest) {
        if (rest.isEmpty()) {
            return true;
        }
        if (rest.charAt(0) != ':' || rest.length() < 2 || rest.length() > 6) {
            return false;
        }
        return rest.substring(1).chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** Four dotted decimal octets, the first 127 (the short forms like {@code 127.1} are refused). */
    private static boolean ipv4Loopback(String name) {
        String[] parts = name.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')
                    || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return parts[0].equals("127");
    }

    private static boolean ipv6Loopback(String literal) {
        if (literal.isEmpty() || !literal.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.')) {
            return false;
        }
        try {
            // A literal with ':' is parsed, never looked up.
            return InetAddress.getByName("[" + literal + "]").isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
