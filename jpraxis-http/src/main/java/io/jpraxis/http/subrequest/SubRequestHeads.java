package io.jpraxis.http.subrequest;

import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.support.NettyHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;

/** Builds a sub-request's wire head and reads a sub-response's headers. */
final class SubRequestHeads {
    private SubRequestHeads() {
    }

    /**
     * The HTTP/1.1 head for {@code request}: its headers without hop-by-hop ones (RFC 9110 7.6.1)
     * and reserved ones other than {@code x-praxis-iterative-depth} (see
     * docs/behaviour/routing-headers.md#reserved-header-prefixes), Host first, and the framing of
     * the whole body it carries.
     *
     * @throws IllegalArgumentException when the method, target or a header cannot go on the wire
     *     (a filter's mistake, not a traffic error)
     */
    static HttpRequest build(SubRequest request) {
        HeaderMap headers = request.headers().copy();
        HopByHopHeaders.strip(headers);
        ReservedHeaders.stripForSubRequest(headers);
        // The body is sent whole at once, so there is nothing to wait for a 100 (RFC 9110 10.1.1).
        headers.remove("expect");
        headers.remove("content-length");
        String host = headers.get("host");
        headers.remove("host");

        HttpHeaders out = DefaultHttpHeadersFactory.headersFactory().newHeaders();
        out.add(HttpHeaderNames.HOST, host != null ? host : defaultHost(request.target())); // Host first (RFC 9112 3.2)
        NettyHeaders.addAll(out, headers, null);
        int length = request.body().length;
        // RFC 9110 8.6: no Content-Length on an empty request whose method gives content no meaning.
        if (length > 0 || expectsContent(request.method())) {
            out.set(HttpHeaderNames.CONTENT_LENGTH, length);
        }
        return new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(request.method()),
                originForm(request.pathAndQuery()), out);
    }

    /** The response headers without hop-by-hop ones; the body's framing is the client's business. */
    static HeaderMap responseHeaders(HttpResponse head) {
        HeaderMap headers = NettyHeaders.toHeaderMap(head.headers());
        HopByHopHeaders.strip(headers);
        return headers;
    }

    /** The cluster's {@code http.authority} when set (a literal, or the endpoint), else the endpoint's {@code host:port}. */
    static String defaultHost(UpstreamTarget target) {
        ClusterHttpConfig http = target.cluster().http();
        if (http != null && http.authorityFromEndpoint()) {
            return target.endpoint().authority(target.cluster().tls() != null);
        }
        return http != null && http.authority() != null ? http.authority() : target.endpoint().address();
    }

    private static boolean expectsContent(String method) {
        return method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
    }

    /** {@code pathAndQuery} when it is an origin-form target (RFC 9112 3.2.1) that is safe on a request line. */
    private static String originForm(String pathAndQuery) {
        if (pathAndQuery.isEmpty() || pathAndQuery.charAt(0) != '/') {
            throw new IllegalArgumentException("sub-request target: " + pathAndQuery + " (expected: origin-form, /path?query)");
        }
        for (int i = 0; i < pathAndQuery.length(); i++) {
            char c = pathAndQuery.charAt(i);
            if (c <= ' ' || c >= 0x7f) {
                throw new IllegalArgumentException("sub-request target: " + pathAndQuery
                        + " (expected: no spaces, control or non-ASCII characters)");
            }
        }
        return pathAndQuery;
    }
}
