package io.jpraxis.http.exchange;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.http.WebSocketUpgrade;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.support.NettyHeaders;
import io.jpraxis.http.upstream.UpstreamVersion;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.Locale;

/**
 * The HTTP/1.1 side of a WebSocket upgrade (see docs/behaviour/websocket.md): which request heads
 * ask for one, what goes upstream to keep the offer, which {@code 101} answers it, and the
 * {@code 101} the client gets.
 */
public final class UpgradeRequests {
    private UpgradeRequests() {
    }

    /** Whether {@code message} (a request or a 101) carries exactly one {@code Upgrade: websocket} line. */
    public static boolean offersWebSocket(HttpMessage message) {
        List<String> lines = message.headers().getAll(HttpHeaderNames.UPGRADE);
        return !lines.isEmpty() && WebSocketUpgrade.offered(lines);
    }

    /**
     * Keeps the offer on the head going upstream: the hop-by-hop strip removed {@code Upgrade} and
     * {@code Connection}, which the origin needs to switch (RFC 9110 7.8); the client's value is
     * passed as it was spelt.
     */
    static void keepOffer(HttpRequest upstream, RequestInputs request) {
        if (!request.upgrade()) {
            return;
        }
        HttpRequest client = request.head();
        HttpHeaders out = upstream.headers();
        out.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
        out.set(HttpHeaderNames.UPGRADE, client.headers().get(HttpHeaderNames.UPGRADE).trim());
    }

    /**
     * Why {@code target}'s cluster cannot take an upgrade, or null when it can: it speaks HTTP/1.1
     * ({@code h1}, or {@code auto} in cleartext, where no ALPN can choose HTTP/2).
     */
    static String clusterRefusal(UpstreamTarget target) {
        if (!UpstreamVersion.mayUseHttp2(target.cluster())) {
            return null;
        }
        return "cluster " + target.cluster().name() + " speaks http.version "
                + target.cluster().http().versionOrDefault().name().toLowerCase(Locale.ROOT)
                + " (expected: h1; a WebSocket upgrade needs an HTTP/1.1 connection to the origin)";
    }

    /**
     * Why the origin's {@code 101} cannot go to the client, or null when it completes the upgrade:
     * the request offered WebSocket and the answer switches to it alone with a
     * {@code Sec-WebSocket-Accept} (RFC 6455 4.2.2). A 101 to a request that offered no upgrade
     * (none was forwarded) is unsolicited.
     */
    static String refusedSwitch(HttpResponse head, HttpRequest client, boolean offered) {
        if (!client.headers().contains(HttpHeaderNames.UPGRADE)) {
            return "unsolicited 101 from the upstream (the request asked for no upgrade)";
        }
        if (!offered) {
            return "101 from the upstream to a request forwarded without its Upgrade";
        }
        if (!offersWebSocket(head)) {
            return "101 from the upstream without exactly one Upgrade: websocket";
        }
        if (!head.headers().contains(HttpHeaderNames.SEC_WEBSOCKET_ACCEPT)) {
            return "101 from the upstream without Sec-WebSocket-Accept";
        }
        return null;
    }

    /**
     * The {@code 101} for the client from the head the response filters saw: their headers less
     * hop-by-hop, reserved and framing ones (a 101 has no body, RFC 9110 15.2.2), then the switch
     * itself with the origin's token.
     */
    static HttpResponse switchingHead(ResponseHead filtered, HttpResponse origin) {
        HeaderMap headers = filtered.headers();
        HopByHopHeaders.strip(headers);
        ReservedHeaders.strip(headers);
        headers.remove("content-length");
        HttpHeaders out = NettyHeaders.toNetty(headers);
        out.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
        out.set(HttpHeaderNames.UPGRADE, origin.headers().get(HttpHeaderNames.UPGRADE).trim());
        return new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS, out);
    }
}
