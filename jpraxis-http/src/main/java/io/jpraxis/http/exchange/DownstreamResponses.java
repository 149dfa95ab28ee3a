package io.jpraxis.http.exchange;

import io.jpraxis.core.http.CommonHeaderNames;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.execute.ResponseOutcome;
import io.jpraxis.http.support.NettyHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/** Turns an upstream response head into the one sent downstream, and decides its framing. */
public final class DownstreamResponses {
    private DownstreamResponses() {
    }

    /** The head response filters see: upstream headers minus hop-by-hop and reserved ones. */
    public static ResponseHead filterView(HttpResponse upstream) {
        HeaderMap headers = NettyHeaders.toHeaderMap(upstream.headers());
        HopByHopHeaders.strip(headers);
        ReservedHeaders.strip(headers);
        return new ResponseHead(upstream.status().code(), headers, false);
    }

    /** The downstream head and whether the connection may stay open after it. */
    public record Built(HttpResponse head, boolean keepAlive) {
    }

    /**
     * Builds the downstream head from the filtered {@code head}.
     *
     * @param keepAliveWanted whether the client connection should stay open, framing permitting
     */
    public static Built build(ResponseHead head, HttpResponse upstream, HttpRequest client, boolean keepAliveWanted) {
        return build(head, upstream, client, keepAliveWanted, false);
    }

    /**
     * As {@link #build(ResponseHead, HttpResponse, HttpRequest, boolean)}.
     *
     * @param lengthMayChange a response body filter may rewrite the body, so the origin's length is
     *     not passed on (the body goes chunked, or close-delimited to an HTTP/1.0 client)
     */
    public static Built build(ResponseHead head, HttpResponse upstream, HttpRequest client, boolean keepAliveWanted,
            boolean lengthMayChange) {
        HeaderMap filtered = head.headers();
        // Response filters run after the first strip; what they add is no more allowed through.
        HopByHopHeaders.strip(filtered);
        ReservedHeaders.strip(filtered);
        filtered.remove("content-length");
        return frame(NettyHeaders.toNetty(filtered), head.status(), upstream,
                upstream.headers().get(HttpHeaderNames.CONTENT_LENGTH), client, keepAliveWanted, lengthMayChange);
    }

    /**
     * The head for the client: the origin's as it is when no filter has a response hook, else through
     * the response phase; null when a filter replaced the answer, which {@code replaced} then takes.
     */
    static Built forClient(RequestInputs request, HttpResponse upstream, boolean keepAliveWanted,
            Consumer<LocalResponse> replaced) {
        if (!request.execution().hasResponseHooks()) {
            return direct(upstream, request.head(), keepAliveWanted);
        }
        ResponseHead view = filterView(upstream);
        if (request.execution().runResponse(view) instanceof ResponseOutcome.Replace replace) {
            replaced.accept(replace.response());
            return null;
        }
        return build(view, upstream, request.head(), keepAliveWanted,
                request.execution().bodyPlan().responseRewritable());
    }

    /**
     * The downstream head when no filter can act on responses: the origin's own head, its lines
     * kept in place (names as the origin spelled them), less the ones {@link #filterView} and
     * {@link #build} would drop (hop-by-hop, those its {@code Connection} lists, reserved,
     * {@code Content-Length}). Same lines, without building a second header set per response;
     * {@code upstream} is consumed (its headers are changed).
     */
    public static Built direct(HttpResponse upstream, HttpRequest client, boolean keepAliveWanted) {
        HttpHeaders headers = upstream.headers();
        String upstreamLength = headers.get(HttpHeaderNames.CONTENT_LENGTH);
        Set<String> listed = connectionListed(headers);
        // One pass that names the lines to drop, then removals of only those present: a typical
        // origin head carries one or two of them, so this is cheaper than removing each
        // hop-by-hop name in turn (a hash and a probe each). Netty's header iterators are
        // read-only, hence names first and removal after.
        List<CharSequence> dropped = null;
        for (Iterator<Map.Entry<CharSequence, CharSequence>> lines = headers.iteratorCharSequence(); lines.hasNext(); ) {
            CharSequence name = lines.next().getKey();
            if (dropsFromDirect(CommonHeaderNames.lowerCase(name), listed)) {
                if (dropped == null) {
                    dropped = new ArrayList<>(4);
                }
                dropped.add(name);
            }
        }
        if (dropped != null) {
            dropped.forEach(headers::remove);
        }
        return frame(headers, upstream.status().code(), upstream, upstreamLength, client, keepAliveWanted, false);
    }

    /** Whether a lower-case origin header name stays out of a directly relayed head. */
    private static boolean dropsFromDirect(String name, Set<String> listedInConnection) {
        return name.equals("content-length") || HopByHopHeaders.NAMES.contains(name)
                || (listedInConnection != null && listedInConnection.contains(name)) || ReservedHeaders.isReserved(name);
    }

    /**
     * Lower-case names the {@code Connection} lines list, or null when they list none beyond the
     * hop-by-hop names stripped anyway: the common {@code Connection: keep-alive} builds no set.
     */
    private static Set<String> connectionListed(HttpHeaders headers) {
        if (!headers.contains(HttpHeaderNames.CONNECTION)) {
            return null;
        }
        Set<String> listed = null;
        for (String line : headers.getAll(HttpHeaderNames.CONNECTION)) {
            // Token by token without split(): a lone "keep-alive" is then read with no copies.
            int from = 0;
            while (from <= line.length()) {
                int comma = line.indexOf(',', from);
                int end = comma < 0 ? line.length() : comma;
                String name = HeaderMap.normalize(line.substring(from, end).trim());
                if (!name.isEmpty() && !HopByHopHeaders.NAMES.contains(name) && !name.equals("close")) {
                    if (listed == null) {
                        listed = new HashSet<>();
                    }
                    listed.add(name);
                }
                from = end + 1;
            }
        }
        return listed;
    }

    /**
     * Sets the framing headers on {@code out} and decides whether the connection stays open.
     *
     * @param originLength the origin's {@code Content-Length}, or null
     */
    private static Built frame(HttpHeaders out, int code, HttpResponse upstream, String originLength,
            HttpRequest client, boolean keepAliveWanted, boolean lengthMayChange) {
        boolean bodyless = client.method().equals(HttpMethod.HEAD) || code < 200 || code == 204 || code == 304;
        String upstreamLength = lengthMayChange && !bodyless ? null : originLength;
        // The body is relayed byte for byte, so its length is the origin's, whatever filters set.
        if (upstreamLength != null && code != 204) {
            out.set(HttpHeaderNames.CONTENT_LENGTH, upstreamLength);
        }
        boolean delimited = bodyless || upstreamLength != null;
        boolean http11 = client.protocolVersion().equals(HttpVersion.HTTP_1_1);
        boolean chunked = !delimited && http11; // an HTTP/1.0 client cannot read chunked (RFC 9112 7)
        if (chunked) {
            out.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        }
        boolean keepAlive = keepAliveWanted && (delimited || chunked);
        setConnection(out, keepAlive, http11);
        HttpResponseStatus status = code == upstream.status().code() ? upstream.status() : HttpResponseStatus.valueOf(code);
        return new Built(new DefaultHttpResponse(HttpVersion.HTTP_1_1, status, out), keepAlive);
    }

    /** {@code Connection: close} when closing; {@code keep-alive} for HTTP/1.0 clients that keep it (RFC 9112 9.3). */
    static void setConnection(HttpHeaders headers, boolean keepAlive, boolean http11) {
        if (!keepAlive) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (!http11) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
    }
}
