package io.jpraxis.filters.grpc.web;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.grpc.GrpcStatus;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Translates gRPC-Web calls to native gRPC and their responses back (see
 * docs/reference/filters/grpc_web.md#what-it-does). gRPC-Web keeps gRPC's length-prefixed frames
 * but carries the call's status in one last frame of the body, since browsers cannot read trailers,
 * and its {@code -text} form base64-encodes the whole stream. Upstream the request goes as native
 * gRPC ({@code content-type} rewritten, {@code te: trailers}, a {@code -text} body decoded); the
 * response gets its web content type back, its body re-encoded as it streams, and the upstream's
 * trailers as the final frame. Requests that are not gRPC-Web, or of an encoding not enabled, pass
 * untouched.
 */
public final class GrpcWebFilter implements HttpFilter {
    /** Metadata: the translated call's kind ({@code grpc-web-text+proto}). */
    public static final String METADATA_KEY = "grpc_web.encoding";
    /** The result key {@code on_result} branches match. */
    public static final String RESULT_KEY = "encoding";
    /** The 400 reason of a {@code -text} body that is not base64. */
    public static final String INVALID_TEXT_BODY = "invalid grpc-web-text body";
    static final String MISSING_STATUS_MESSAGE = "upstream ended the stream without a gRPC status";

    private final GrpcWebConfig config;

    public GrpcWebFilter(GrpcWebConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return GrpcWebFactory.TYPE;
    }

    @Override
    public GrpcWebConfig config() {
        return config;
    }

    /** The call's kind when this entry translates it. */
    private Optional<GrpcWebKind> accepted(RequestContext ctx) {
        GrpcWebConfig.Encodings enabled = config.encodings();
        return GrpcWebKind.of(ctx.headers().get("content-type"))
                .filter(k -> k.text() ? enabled.text() : enabled.binary());
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        Optional<GrpcWebKind> kind = accepted(ctx);
        if (kind.isEmpty()) {
            return FilterAction.CONTINUE;
        }
        GrpcWebKind k = kind.get();
        ctx.headers().set("content-type", k.nativeContentType());
        // gRPC servers require it; the gateway drops the client's te as hop-by-hop, so the upstream
        // hop says it for itself (see docs/behaviour/grpc.md#grpc-web).
        ctx.headers().set("te", "trailers");
        ctx.metadata().put(METADATA_KEY, k.label());
        ctx.results().put(GrpcWebFactory.TYPE, RESULT_KEY, k.label());
        ctx.extensions().put(GrpcWebCall.KEY, new GrpcWebCall(k));
        return FilterAction.CONTINUE;
    }

    /** The whole {@code -text} body (read before the request phase): decoded for the upstream. */
    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE; // buffered whole: only the last call carries the body
        }
        // The pre-read runs before onRequest, so the kind comes from the client's content type.
        boolean text = ctx.extensions().get(GrpcWebCall.KEY).map(c -> c.kind.text())
                .orElseGet(() -> accepted(ctx).map(GrpcWebKind::text).orElse(false));
        if (!text) {
            return FilterAction.CONTINUE;
        }
        Optional<byte[]> decoded = Base64Text.decode(body.toByteArray());
        if (decoded.isEmpty()) {
            return FilterAction.reject(400, INVALID_TEXT_BODY);
        }
        body.replace(ByteBuffer.wrap(decoded.get()));
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        GrpcWebCall call = ctx.extensions().get(GrpcWebCall.KEY).orElse(null);
        if (call == null) {
            return FilterAction.CONTINUE;
        }
        response.headers().set("content-type", call.kind.webContentType());
        // Trailers-Only: the status is in the head, where a gRPC-Web client reads it; no frame follows.
        call.statusDelivered = response.headers().contains("grpc-status");
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
        GrpcWebCall call = ctx.extensions().get(GrpcWebCall.KEY).orElse(null);
        if (call == null) {
            return FilterAction.BODY_DONE;
        }
        byte[] frame = body.endOfStream() ? trailerFrame(call, body.trailers()) : null;
        if (call.encoder == null && frame == null) {
            return FilterAction.CONTINUE; // binary frames go as they are
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(body.length() * 4 / 3 + 64, 1 << 20));
        byte[] bytes = body.toByteArray();
        if (call.encoder != null) {
            out.writeBytes(call.encoder.push(bytes));
            if (frame != null) {
                out.writeBytes(call.encoder.push(frame));
            }
            if (body.endOfStream()) {
                out.writeBytes(call.encoder.finish());
            }
        } else {
            out.writeBytes(bytes);
            out.writeBytes(frame);
        }
        body.replace(ByteBuffer.wrap(out.toByteArray()));
        return FilterAction.CONTINUE;
    }

    /**
     * The frame that ends the body, made from the upstream's trailers (which then do not go out as
     * trailers too), or synthesized when the call ended with no status; null when none is due.
     */
    private byte[] trailerFrame(GrpcWebCall call, HeaderMap trailers) {
        boolean synthesize = config.onMissingTrailers() == GrpcWebConfig.OnMissingTrailers.SYNTHESIZE;
        if (!trailers.isEmpty()) {
            HeaderMap fields = trailers.copy();
            trailers.removeIf(name -> true);
            if (synthesize && !fields.contains("grpc-status")) {
                addUnknownStatus(fields);
            }
            call.statusDelivered = true;
            return TrailerFrame.encode(fields);
        }
        if (call.statusDelivered || !synthesize) {
            return null;
        }
        HeaderMap fields = new HeaderMap(2);
        addUnknownStatus(fields);
        call.statusDelivered = true;
        return TrailerFrame.encode(fields);
    }

    private static void addUnknownStatus(HeaderMap fields) {
        fields.set("grpc-status", Integer.toString(GrpcStatus.UNKNOWN.code()));
        fields.set("grpc-message", MISSING_STATUS_MESSAGE);
    }
}
