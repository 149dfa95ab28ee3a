package io.jpraxis.filters.security.forwarded;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Believes the forwarding headers of a request only when its TCP peer is a trusted proxy, and
 * then resolves the client behind the proxies for every later filter and the access log
 * (docs/reference/filters/forwarded_headers.md, docs/behaviour/client-address.md). From any other
 * peer the headers are removed, so neither a later filter nor the origin sees what the client
 * claimed; the edge then writes this hop's own (docs/guide/traffic.md, "Forwarding headers").
 * It never refuses a request.
 */
public final class ForwardedHeadersFilter implements HttpFilter {
    private static final Logger log = LoggerFactory.getLogger(ForwardedHeadersFilter.class);

    static final String FOR = "x-forwarded-for";
    static final String FORWARDED = "forwarded";
    static final String PROTO = "x-forwarded-proto";
    static final String HOST = "x-forwarded-host";

    private final ForwardedHeadersConfig config;

    public ForwardedHeadersFilter(ForwardedHeadersConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return ForwardedHeadersFactory.TYPE;
    }

    @Override
    public ForwardedHeadersConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        InetSocketAddress peerSocket = ctx.peerAddress();
        InetAddress peer = peerSocket == null ? null : peerSocket.getAddress();
        HeaderMap headers = ctx.headers();
        if (peer == null || !config.trusts(peer)) {
            // Nothing an unknown or untrusted peer says about earlier hops, the scheme or the host
            // is true: drop it before a later filter (redirect's ${scheme}) or the origin reads it.
            boolean claimed = headers.remove(FOR) | headers.remove(FORWARDED) | headers.remove(PROTO)
                    | headers.remove(HOST);
            if (claimed) {
                log.debug("forwarded_headers: request {} from untrusted peer {}: its forwarding headers removed",
                        ctx.requestId(), peerSocket);
            }
            return FilterAction.CONTINUE;
        }
        InetAddress client = client(headers, peer);
        if (client != peer) {
            ctx.resolveClientAddress(client);
            log.debug("forwarded_headers: request {} via trusted {}: client {}", ctx.requestId(), peer,
                    client.getHostAddress());
        }
        return FilterAction.CONTINUE;
    }

    /** The client behind the trusted {@code peer}, or {@code peer} itself when the chain names none. */
    private InetAddress client(HeaderMap headers, InetAddress peer) {
        List<String> lines = headers.getAll(config.useStandardHeader() ? FORWARDED : FOR);
        if (lines.isEmpty()) {
            return peer;
        }
        Optional<List<InetAddress>> hops = config.useStandardHeader()
                ? ForwardedFor.hops(lines) : Optional.of(XForwardedFor.hops(lines));
        if (hops.isEmpty()) {
            log.debug("forwarded_headers: Forwarded does not parse (RFC 7239 4); client stays the peer {}", peer);
            return peer;
        }
        return ClientWalk.client(hops.get(), peer, config::trusts);
    }
}
