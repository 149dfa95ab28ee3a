package io.jpraxis.filters.security.forwarded;

import io.jpraxis.filters.support.Cidr;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * The IP address of one forwarding hop as a proxy wrote it: {@code 192.0.2.7}, {@code
 * 192.0.2.7:4711}, {@code [2001:db8::7]}, {@code [2001:db8::7]:4711}, and in {@code X-Forwarded-For}
 * also a bare {@code 2001:db8::7}. The port is checked and dropped. Anything else ({@code unknown},
 * an obfuscated {@code _name} of RFC 7239 6.3, a host name, a zone id, garbage) has no address:
 * the walk in {@link ClientWalk} stops there. Host names are never looked up.
 */
final class HopAddress {
    /** Longer than any address with a port ({@code [v6]:65535} with an embedded IPv4 is 53). */
    private static final int MAX_LENGTH = 64;

    private HopAddress() {
    }

    /**
     * The address {@code text} names, or empty.
     *
     * @param rfc7239 the syntax of a {@code Forwarded} node (RFC 7239 6): IPv6 only in brackets, and
     *     an obfuscated port ({@code _p}) allowed after the address
     */
    static Optional<InetAddress> parse(String text, boolean rfc7239) {
        String t = text.strip();
        if (t.isEmpty() || t.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        if (t.charAt(0) == '[') {
            int close = t.indexOf(']');
            if (close < 0 || !validPort(t.substring(close + 1), rfc7239)) {
                return Optional.empty();
            }
            String inner = t.substring(1, close);
            return inner.indexOf(':') < 0 ? Optional.empty() : address(inner); // [192.0.2.7] is no IPv6
        }
        int first = t.indexOf(':');
        if (first < 0) {
            return address(t);
        }
        if (first == t.lastIndexOf(':')) { // one colon: IPv4 with a port
            String host = t.substring(0, first);
            return validPort(t.substring(first), rfc7239) ? address(host) : Optional.empty();
        }
        return rfc7239 ? Optional.empty() : address(t); // RFC 7239 6 wants IPv6 in brackets
    }

    /** Empty, or {@code :} and a port 0..65535, or (RFC 7239 6.3) {@code :} and an obfuscated port. */
    private static boolean validPort(String rest, boolean rfc7239) {
        if (rest.isEmpty()) {
            return true;
        }
        if (rest.charAt(0) != ':' || rest.length() < 2) {
            return false;
        }
        String port = rest.substring(1);
        if (rfc7239 && port.charAt(0) == '_') {
            return port.length() > 1 && port.chars().allMatch(HopAddress::obfuscatedChar);
        }
        return port.length() <= 5 && port.chars().allMatch(c -> c >= '0' && c <= '9')
                && Integer.parseInt(port) <= 65535;
    }

    private static boolean obfuscatedChar(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_'
                || c == '-';
    }

    private static Optional<InetAddress> address(String literal) {
        Optional<byte[]> bytes = Cidr.literal(literal); // IP literals only, never DNS; ::ffff:a.b.c.d as IPv4
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByAddress(bytes.get()));
        } catch (UnknownHostException e) {
            throw new IllegalStateException("4 or 16 bytes from Cidr.literal", e);
        }
    }
}
