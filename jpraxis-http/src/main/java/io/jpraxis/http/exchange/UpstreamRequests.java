package io.jpraxis.http.exchange;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.upstream.UpstreamVersion;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Builds the request head sent upstream from the pipeline's working headers. */
public final class UpstreamRequests {
    private UpstreamRequests() {
    }

    /**
     * The upstream head for {@code ctx}: working headers (as filters left them) minus hop-by-hop
     * (RFC 9110 7.6.1) and reserved (see
     * docs/behaviour/routing-headers.md#reserved-header-prefixes) headers, plus {@code
     * X-Forwarded-*}, the upstream Host, and the client's own body framing.
     *
     * @param client the request as the client sent it; its framing is authoritative, so a filter
     *     cannot desynchronize the body from its length (request smuggling, RFC 9112 11.2)
     */
    public static HttpRequest build(RequestContext ctx, HttpRequest client, UpstreamTarget target) {
        return build(ctx, client, target, null, false, null);
    }

    /**
     * As {@link #build(RequestContext, HttpRequest, UpstreamTarget)}, with the framing of a body the
     * gateway holds or changes.
     *
     * @param bufferedLength the exact length of a body read whole before it is sent (pre-read), which
     *     goes as {@code Content-Length} whatever the client's framing was; null when the body streams
     * @param lengthMayChange a streaming body filter may rewrite pieces, so a body the client sent is
     *     framed chunked instead of with the client's length
     * @param metrics where a client {@code Forwarded} that does not parse is counted; null in tests
     */
    public static HttpRequest build(RequestContext ctx, HttpRequest client, UpstreamTarget target,
            Long bufferedLength, boolean lengthMayChange, EdgeMetrics metrics) {
        HeaderMap headers = ctx.headers();
        // Headers the client's Connection named are hop-by-hop (RFC 9110 7.6.1), even if a filter
        // removed Connection. Only the client's own lines go: what a filter set under such a name is
        // meant for the origin (filter mutations apply after the hop-by-hop strip, see
        // docs/behaviour/request-lifecycle.md#path-of-one-request), and a client must not be able to
        // delete a header the gateway adds by naming it.
        List<String> connectionLines = client.headers().getAll(HttpHeaderNames.CONNECTION);
        if (!connectionLines.isEmpty()) { // most clients send none: no set to build, no copy to edit
            HeaderMap edited = headers.copy(); // the working headers stay as the filters left them
            Set<String> listed = new LinkedHashSet<>(); // once each: a name listed twice drops the client's lines once
            listed.add(HttpHeaderNames.CONNECTION.toString());
            for (String line : connectionLines) {
                for (String token : line.split(",")) {
                    String name = HeaderMap.normalize(token.trim());
                    if (!name.isEmpty() && !keptDespiteConnection(name)) {
                        listed.add(name);
                    }
                }
            }
            listed.forEach(name -> dropClientLines(edited, client, name));
            headers = edited;
        }
        HttpHeaders out = DefaultHttpHeadersFactory.headersFactory().newHeaders();
        out.add(HttpHeaderNames.HOST, upstreamHost(ctx, target)); // Host first (RFC 9112 3.2)
        // One pass from the working lines to the wire head, in order, less what never goes upstream;
        // the X-Forwarded-* lines this hop writes follow the others.
        Set<String> hopByHop = HopByHopHeaders.listedInConnection(headers); // a filter may have set Connection
        String clientIp = ForwardedHeaders.clientIp(ctx.peerAddress());
        String earlierHops = null;
        String earlierForwarded = null;
        for (int i = 0; i < headers.size(); i++) {
            String name = headers.nameAt(i);
            if (notForwarded(name, hopByHop)) {
                continue;
            }
            if (clientIp != null && name.equals(ForwardedHeaders.FOR)) {
                earlierHops = earlierHops == null ? headers.valueAt(i) : earlierHops + ", " + headers.valueAt(i);
                continue;
            }
            if (name.equals(ForwardedHeaders.FORWARDED)) { // read only when a client sent one
                String line = headers.valueAt(i);
                earlierForwarded = earlierForwarded == null ? line : earlierForwarded + ", " + line;
                continue;
            }
            out.add(name, headers.valueAt(i));
        }
        ForwardedHeaders.addTo(out, ctx, clientIp, earlierHops, earlierForwarded, metrics);
        boolean trailersWanted = client.headers().containsValue(HttpHeaderNames.TE, HttpHeaderValues.TRAILERS, true)
                || "trailers".equalsIgnoreCase(ctx.headers().get("te"));
        if (trailersWanted && UpstreamVersion.mayUseHttp2(target.cluster())) {
            // The one TE value HTTP/2 carries (RFC 9113 8.2.2): the client reads trailers, so the origin
            // may send them (gRPC needs this); see docs/behaviour/upstream-http2.md#trailers. A filter
            // that reads them for the client (grpc_web) says so with a working te: trailers.
            out.add(HttpHeaderNames.TE, HttpHeaderValues.TRAILERS);
        }
        boolean chunked = HttpUtil.isTransferEncodingChunked(client);
        long length = chunked ? -1L : HttpUtil.getContentLength(client, -1L);
        if (bufferedLength != null) {
            out.set(HttpHeaderNames.CONTENT_LENGTH, bufferedLength);
        } else if (chunked || (lengthMayChange && length > 0)) {
            out.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        } else if (length >= 0) {
            out.set(HttpHeaderNames.CONTENT_LENGTH, length);
        }
        return new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(ctx.method()), ctx.target(), out);
    }

    /**
     * Whether a working line stays behind: hop-by-hop (RFC 9110 7.6.1, with the names the working
     * {@code Connection} lists), reserved (see
     * docs/behaviour/routing-headers.md#reserved-header-prefixes), {@code Expect} (the gateway
     * answers "100-continue" itself once it is ready for the body, RFC 9110 10.1.1), the framing
     * and Host the gateway sets, and the forwarded lines only this hop can write.
     */
    private static boolean notForwarded(String name, Set<String> listedInConnection) {
        return HopByHopHeaders.NAMES.contains(name)
                || (listedInConnection != null && listedInConnection.contains(name) && !keptDespiteConnection(name))
                || ReservedHeaders.isReserved(name) || name.equals("expect") || name.equals("content-length")
                || name.equals("host") || name.equals(ForwardedHeaders.PROTO) || name.equals(ForwardedHeaders.HOST);
    }

    /**
     * Names a {@code Connection} token cannot remove: the Host and length the request is framed and
     * routed by, the forwarding chain earlier hops wrote, and the gateway's reserved names. A
     * client naming them must not blind the origin to who sent the request.
     */
    static boolean keptDespiteConnection(String name) {
        return name.equals("host") || name.equals("content-length") || name.equals(ForwardedHeaders.FOR)
                || name.equals(ForwardedHeaders.FORWARDED) || ReservedHeaders.isReserved(name);
    }

    /** Removes from {@code headers} one line per line the client sent under {@code name}, keeping the others. */
    private static void dropClientLines(HeaderMap headers, HttpRequest client, String name) {
        List<String> sent = client.headers().getAll(name);
        if (sent.isEmpty() || !headers.contains(name)) {
            return;
        }
        List<String> kept = new ArrayList<>(headers.getAll(name));
        for (String value : sent) {
            kept.remove(value);
        }
        headers.remove(name);
        kept.forEach(value -> headers.add(name, value));
    }

    /**
     * The cluster's {@code http.authority} when set (a literal, or the attempt's endpoint), else the
     * (working) client Host, else the endpoint.
     */
    static String upstreamHost(RequestContext ctx, UpstreamTarget target) {
        ClusterHttpConfig http = target.cluster().http();
        if (http != null && http.authorityFromEndpoint()) {
            return target.endpoint().authority(target.cluster().tls() != null);
        }
        if (http != null && http.authority() != null) {
            return http.authority();
        }
        String host = ctx.headers().get("host");
        return host != null ? host : target.endpoint().address();
    }
}
