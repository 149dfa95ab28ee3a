package io.jpraxis.extproc.stream;

import io.envoyproxy.envoy.config.core.v3.HeaderValue;
import io.jpraxis.config.load.IpLiterals;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.filters.support.HeaderRules;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Envoy's {@code config.core.v3.HeaderMap} to the pipeline's protocol-neutral form and back.
 * Values travel as ISO-8859-1 so every byte survives the round trip; {@code raw_value} (what Envoy
 * sends since 1.27) wins over {@code value}.
 */
final class HeaderConversion {
    static final String AUTHORITY = ":authority";
    static final String PATH = ":path";
    static final String STATUS = ":status";
    private static final InetSocketAddress UNKNOWN_CLIENT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    private HeaderConversion() {
    }

    /** The value of one Envoy header line. */
    static String value(HeaderValue h) {
        return h.getRawValue().isEmpty() ? h.getValue() : h.getRawValue().toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * A request head (see docs/behaviour/ext-proc.md#phases): an invalid {@code :method} becomes
     * GET, an invalid {@code :path} {@code /}; {@code :authority} becomes {@code host}; other
     * pseudo-headers are dropped; the client is the first {@code X-Forwarded-For} entry (Envoy
     * appends the peer).
     */
    static EnvoyRequest request(io.envoyproxy.envoy.config.core.v3.HeaderMap envoy) {
        String method = "GET";
        String target = "/";
        String scheme = "http";
        HeaderMap headers = new HeaderMap();
        for (HeaderValue h : envoy.getHeadersList()) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            String value = value(h);
            switch (name) {
                case ":method" -> method = validMethod(value) ? value : "GET";
                case PATH -> target = value.startsWith("/") || value.equals("*") ? value : "/";
                case AUTHORITY -> headers.set("host", value);
                case ":scheme" -> scheme = "https".equalsIgnoreCase(value) ? "https" : "http";
                default -> {
                    if (!name.startsWith(":") && !name.isEmpty()) {
                        headers.add(name, value);
                    }
                }
            }
        }
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        String query = q < 0 ? null : target.substring(q + 1);
        return new EnvoyRequest(method, path, query, scheme, headers, client(headers.get("x-forwarded-for")));
    }

    /**
     * {@code :status} of a response head; missing or invalid is 200 (see
     * docs/behaviour/ext-proc.md#phases).
     */
    static int status(io.envoyproxy.envoy.config.core.v3.HeaderMap envoy) {
        for (HeaderValue h : envoy.getHeadersList()) {
            if (STATUS.equals(h.getKey())) {
                try {
                    int s = Integer.parseInt(value(h).trim());
                    return s >= 100 && s <= 999 ? s : 200;
                } catch (NumberFormatException e) {
                    return 200;
                }
            }
        }
        return 200;
    }

    /** The regular (non-pseudo) headers of a response head. */
    static HeaderMap regular(io.envoyproxy.envoy.config.core.v3.HeaderMap envoy) {
        HeaderMap headers = new HeaderMap();
        for (HeaderValue h : envoy.getHeadersList()) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            if (!name.startsWith(":") && !name.isEmpty()) {
                headers.add(name, value(h));
            }
        }
        return headers;
    }

    /** A method is an RFC 9110 token (section 9.1), the same rule as a header name. */
    private static boolean validMethod(String m) {
        return HeaderRules.isValidName(m);
    }

    /** The first X-Forwarded-For entry as an address, parsed as a literal (never a DNS lookup). */
    static InetSocketAddress client(String forwardedFor) {
        if (forwardedFor == null) {
            return UNKNOWN_CLIENT;
        }
        int comma = forwardedFor.indexOf(',');
        String first = (comma < 0 ? forwardedFor : forwardedFor.substring(0, comma)).trim();
        if (first.startsWith("[") && first.endsWith("]")) {
            first = first.substring(1, first.length() - 1);
        }
        byte[] bytes = IpLiterals.ipv4(first);
        if (bytes == null) {
            bytes = IpLiterals.ipv6(first);
        }
        if (bytes == null) {
            return UNKNOWN_CLIENT;
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(bytes), 0);
        } catch (UnknownHostException e) {
            return UNKNOWN_CLIENT; // unreachable: the length is 4 or 16
        }
    }
}
