package io.jpraxis.http.exchange;

import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.support.NettyHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/** Builds the request head sent upstream from the pipeline's working headers. */
public final class UpstreamRequests {
    private UpstreamRequests() {
    }

    /**
     * The upstream head for {@code ctx}: working headers (as filters left them) minus hop-by-hop
     * (RFC 9110 7.6.1) and reserved (decision 4) headers, plus {@code X-Forwarded-*}, the upstream
     * Host, and the client's own body framing.
     *
     * @param client the request as the client sent it; its framing is authoritative, so a filter
     *     cannot desynchronize the body from its length (request smuggling, RFC 9112 11.2)
     */
    public static HttpRequest build(RequestContext ctx, HttpRequest client, UpstreamTarget target) {
        HeaderMap headers = ctx.headers().copy();
        // Headers the client's Connection named are hop-by-hop even if a filter removed Connection.
        for (String listed : client.headers().getAll(HttpHeaderNames.CONNECTION)) {
            for (String token : listed.split(",")) {
                if (!token.isBlank()) {
                    headers.remove(token.trim());
                }
            }
        }
        HopByHopHeaders.strip(headers);
        ReservedHeaders.strip(headers);
        // The gateway answers "Expect: 100-continue" itself once it is ready for the body (RFC 9110 10.1.1).
        headers.remove("expect");
        headers.remove("content-length");
        ForwardedHeaders.apply(headers, ctx);
        String host = upstreamHost(ctx, target);
        headers.remove("host");

        HttpHeaders out = DefaultHttpHeadersFactory.headersFactory().newHeaders();
        out.add(HttpHeaderNames.HOST, host); // Host first (RFC 9112 3.2)
        NettyHeaders.addAll(out, headers, null);
        if (HttpUtil.isTransferEncodingChunked(client)) {
            out.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        } else {
            long length = HttpUtil.getContentLength(client, -1L);
            if (length >= 0) {
                out.set(HttpHeaderNames.CONTENT_LENGTH, length);
            }
        }
        return new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(ctx.method()), ctx.target(), out);
    }

    /** The cluster's {@code http.authority} when set, else the (working) client Host, else the endpoint. */
    static String upstreamHost(RequestContext ctx, UpstreamTarget target) {
        ClusterHttpConfig http = target.cluster().http();
        if (http != null && http.authority() != null) {
            return http.authority();
        }
        String host = ctx.headers().get("host");
        return host != null ? host : target.endpoint().address();
    }
}
