package io.jpraxis.http.exchange;

import io.jpraxis.http.error.EdgeError;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.util.Iterator;
import java.util.Map;

/** Structural checks on a request head before it becomes a pipeline request. */
public final class RequestChecks {
    /**
     * Most header lines an HTTP/1 request may carry (see
     * docs/behaviour/limits.md#the-limits-table).
     */
    public static final int MAX_HEADERS = 256;
    /**
     * Largest header block in bytes (see docs/behaviour/limits.md#the-limits-table); enforced by
     * the decoder, reported here.
     */
    public static final int MAX_HEADER_BLOCK_BYTES = 1_048_575;
    /** Longest HTTP/1 request line (as nginx's default buffer), and longest HTTP/2 {@code :path}. */
    public static final int MAX_REQUEST_LINE_BYTES = 8 * 1024;

    private RequestChecks() {
    }

    /** A decoder failure, or null: the connection is unusable after one (the decoder discards until close). */
    public static EdgeError decoderFailure(HttpRequest request) {
        DecoderResult result = request.decoderResult();
        if (!result.isFailure()) {
            return null;
        }
        return switch (result.cause()) {
            case TooLongHttpLineException line -> EdgeError.REQUEST_TARGET_TOO_LONG;
            case TooLongHttpHeaderException block -> EdgeError.HEADER_BLOCK_TOO_LARGE;
            default -> EdgeError.MALFORMED_REQUEST;
        };
    }

    /** A violation of the head's shape, or null. */
    public static EdgeError check(HttpRequest request) {
        if (request.headers().size() > MAX_HEADERS) {
            return EdgeError.TOO_MANY_HEADERS;
        }
        if (request.uri().length() > MAX_REQUEST_LINE_BYTES) {
            return EdgeError.REQUEST_TARGET_TOO_LONG; // an HTTP/2 :path: the HTTP/1 decoder stops a longer line itself
        }
        if (underscoreInAName(request)) {
            return EdgeError.UNDERSCORE_IN_HEADER_NAME;
        }
        int hosts = request.headers().getAll(HttpHeaderNames.HOST).size();
        // HTTP/1.1 requires exactly one Host (RFC 9112 3.2); HTTP/1.0 may omit it.
        boolean http11 = request.protocolVersion().equals(HttpVersion.HTTP_1_1);
        if (hosts > 1 || (http11 && hosts == 0)) {
            return EdgeError.MISSING_HOST;
        }
        if (hosts == 1 && !HostSyntax.valid(request.headers().get(HttpHeaderNames.HOST))) {
            return EdgeError.INVALID_HOST;
        }
        if (request.method().equals(HttpMethod.CONNECT) || request.method().equals(HttpMethod.TRACE)) {
            return EdgeError.METHOD_NOT_SUPPORTED; // tunnels are not proxied; TRACE echoes credentials (RFC 9110 9.3.8)
        }
        String codings = request.headers().get(HttpHeaderNames.TRANSFER_ENCODING);
        if (codings != null && !HttpHeaderValues.CHUNKED.contentEqualsIgnoreCase(codings.trim())) {
            // Relaying would drop the other codings with the hop-by-hop header (RFC 9112 6.1: 501).
            return EdgeError.UNSUPPORTED_TRANSFER_CODING;
        }
        String expect = request.headers().get(HttpHeaderNames.EXPECT);
        if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect.trim())) {
            return EdgeError.EXPECTATION_FAILED; // RFC 9110 10.1.1
        }
        return null;
    }

    private static boolean underscoreInAName(HttpRequest request) {
        Iterator<Map.Entry<CharSequence, CharSequence>> lines = request.headers().iteratorCharSequence();
        while (lines.hasNext()) {
            CharSequence name = lines.next().getKey();
            for (int i = 0; i < name.length(); i++) {
                if (name.charAt(i) == '_') {
                    return true;
                }
            }
        }
        return false;
    }
}
