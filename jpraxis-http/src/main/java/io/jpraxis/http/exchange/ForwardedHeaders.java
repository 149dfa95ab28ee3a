package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.concurrent.FastThreadLocal;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The de-facto {@code X-Forwarded-*} headers a reverse proxy adds (the standard {@code Forwarded}
 * header of RFC 7239 is left to a filter).
 */
public final class ForwardedHeaders {
    public static final String FOR = "x-forwarded-for";
    public static final String PROTO = "x-forwarded-proto";
    public static final String HOST = "x-forwarded-host";

    private ForwardedHeaders() {
    }

    /**
     * Appends the client's IP to {@code X-Forwarded-For} (one line, earlier hops kept in order),
     * and sets {@code X-Forwarded-Proto} and {@code X-Forwarded-Host} to what this client used; a
     * client's own copies of those two are replaced, as only the first proxy can know them.
     */
    public static void apply(HeaderMap headers, RequestContext ctx) {
        String client = clientIp(ctx.clientAddress());
        List<String> earlier = headers.getAll(FOR);
        if (client != null) {
            headers.set(FOR, earlier.isEmpty() ? client : String.join(", ", earlier) + ", " + client);
        }
        headers.set(PROTO, ctx.scheme());
        String originalHost = ctx.originalAuthority();
        if (originalHost != null) {
            headers.set(HOST, originalHost);
        } else {
            headers.remove(HOST);
        }
    }

    /**
     * What {@link #apply} writes, onto a wire head the caller built without the client's copies of
     * {@code X-Forwarded-Proto} and {@code -Host} (and without its {@code X-Forwarded-For} lines
     * when {@code clientIp} is known).
     *
     * @param clientIp {@link #clientIp} of the request's client; when null the caller kept the
     *     {@code X-Forwarded-For} lines as they were, as {@link #apply} does
     * @param earlierHops the client's {@code X-Forwarded-For} values joined in order, or null
     */
    static void addTo(HttpHeaders out, RequestContext ctx, String clientIp, String earlierHops) {
        if (clientIp != null) {
            out.add(FOR, earlierHops == null ? clientIp : earlierHops + ", " + clientIp);
        }
        out.add(PROTO, ctx.scheme());
        String originalHost = ctx.originalAuthority();
        if (originalHost != null) {
            out.add(HOST, originalHost);
        }
    }

    static String clientIp(InetSocketAddress address) {
        if (address == null) {
            return null;
        }
        InetAddress ip = address.getAddress();
        return ip != null ? LAST_CLIENT_IP.get().text(ip) : address.getHostString();
    }

    /**
     * The text of the last client address this event loop formatted: a connection's requests, and
     * often its neighbours', come from one address, and formatting it again built a new string and
     * its bytes for every request.
     */
    private static final FastThreadLocal<LastClientIp> LAST_CLIENT_IP = new FastThreadLocal<>() {
        @Override
        protected LastClientIp initialValue() {
            return new LastClientIp();
        }
    };

    private static final class LastClientIp {
        private InetAddress address;
        private String text;

        String text(InetAddress ip) {
            // An IPv6 address equal to the last one may still differ in its scope, which the text shows.
            boolean same = ip == address || ip instanceof Inet4Address && ip.equals(address);
            if (!same) {
                text = ip.getHostAddress();
                address = ip;
            }
            return text;
        }
    }
}
