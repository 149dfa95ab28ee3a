package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.concurrent.FastThreadLocal;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The headers a reverse proxy adds about its client: the de-facto {@code X-Forwarded-*} and the
 * standard {@code Forwarded} (RFC 7239), rewritten alike. Until a {@code forwarded_headers} filter
 * says which proxies to trust, the client's earlier hops are kept as it sent them (an origin that
 * trusts them has to know whom it trusts) and only what the first proxy alone can know is replaced.
 */
public final class ForwardedHeaders {
    private static final Logger log = LoggerFactory.getLogger(ForwardedHeaders.class);

    public static final String FORWARDED = "forwarded";
    public static final String FOR = "x-forwarded-for";
    public static final String PROTO = "x-forwarded-proto";
    public static final String HOST = "x-forwarded-host";

    private ForwardedHeaders() {
    }

    /**
     * Appends the client's IP to {@code X-Forwarded-For} (one line, earlier hops kept in order),
     * and sets {@code X-Forwarded-Proto} and {@code X-Forwarded-Host} to what this client used; a
     * client's own copies of those two are replaced, as only the first proxy can know them.
     * {@code Forwarded} gets the same treatment: the earlier {@code for=} hops, then this hop's.
     */
    public static void apply(HeaderMap headers, RequestContext ctx) {
        String client = clientIp(ctx.peerAddress()); // this hop appends the peer it saw, whatever a filter resolved
        List<String> earlierForwarded = headers.getAll(FORWARDED);
        String forwarded = forwarded(ctx, client, ctx.originalAuthority(),
                earlierForwarded.isEmpty() ? null : String.join(", ", earlierForwarded), null);
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
        headers.remove(FORWARDED);
        headers.add(FORWARDED, forwarded);
    }

    /**
     * What {@link #apply} writes, and {@code Forwarded}, onto a wire head the caller built without
     * the client's copies of {@code X-Forwarded-Proto} and {@code -Host}, without its
     * {@code Forwarded} lines, and without its {@code X-Forwarded-For} lines when {@code clientIp}
     * is known.
     *
     * @param clientIp {@link #clientIp} of the request's client; when null the caller kept the
     *     {@code X-Forwarded-For} lines as they were, as {@link #apply} does
     * @param earlierHops the client's {@code X-Forwarded-For} values joined in order, or null
     * @param earlierForwarded the client's {@code Forwarded} lines joined with ", ", or null
     * @param metrics counts a client {@code Forwarded} that does not parse; null in tests
     */
    static void addTo(HttpHeaders out, RequestContext ctx, String clientIp, String earlierHops,
            String earlierForwarded, EdgeMetrics metrics) {
        if (clientIp != null) {
            out.add(FOR, earlierHops == null ? clientIp : earlierHops + ", " + clientIp);
        }
        out.add(PROTO, ctx.scheme());
        String originalHost = ctx.originalAuthority();
        if (originalHost != null) {
            out.add(HOST, originalHost);
        }
        out.add(FORWARDED, forwarded(ctx, clientIp, originalHost, earlierForwarded, metrics));
    }

    /**
     * The client's {@code for=} hops in order, then this hop's element {@code for=;host=;proto=}
     * (RFC 7239 4, 5). A client header that does not parse is replaced by this hop's element alone:
     * its hops cannot be told apart, and a proxy that passed it on unread would forward garbage.
     */
    private static String forwarded(RequestContext ctx, String clientIp, String host, String earlier,
            EdgeMetrics metrics) {
        StringBuilder value = new StringBuilder(64);
        if (earlier != null) {
            String hops = ForwardedElements.earlierFors(earlier);
            if (hops == null) {
                if (metrics != null) {
                    metrics.unparsedForwarded();
                }
                log.debug("client Forwarded header does not parse (RFC 7239 4), replaced: {}", earlier);
            } else if (!hops.isEmpty()) {
                value.append(hops).append(", ");
            }
        }
        ForwardedElements.pair(value, "for", clientIp == null ? "unknown" : ForwardedElements.node(clientIp));
        if (host != null) {
            ForwardedElements.pair(value.append(';'), "host", host);
        }
        ForwardedElements.pair(value.append(';'), "proto", ctx.scheme());
        return value.toString();
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
