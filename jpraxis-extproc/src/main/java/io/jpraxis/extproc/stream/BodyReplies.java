package io.jpraxis.extproc.stream;

import com.google.protobuf.ByteString;
import io.envoyproxy.envoy.service.ext_proc.v3.BodyResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.HeaderMutation;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import java.util.List;
import java.util.function.Consumer;

/**
 * Body replies by Envoy's body mode (spec praxis-ai 7.2 and 10): in FULL_DUPLEX_STREAMED the
 * processor sends the bytes back itself, chunked below Envoy's message limit; in the other modes
 * one body reply per body message, replacing the piece only when a filter changed it.
 */
final class BodyReplies {
    /** A whole body replacement in one message must stay under gRPC's default 4 MiB message limit. */
    static final int MAX_SINGLE_BODY = 4 * 1024 * 1024 - 64 * 1024;

    private final Consumer<ProcessingResponse> send;

    BodyReplies(Consumer<ProcessingResponse> send) {
        this.send = send;
    }

    /**
     * Replies to the body message the request decision was made on; returns why it cannot, or
     * null when the replies went out.
     */
    String decision(BodySendMode mode, HeaderMutation.Builder mutation, RequestBody body) {
        ByteString replacement = body.replacement();
        switch (mode) {
            case FULL_DUPLEX_STREAMED -> {
                send.accept(Replies.requestHeaders(mutation));
                piece(true, mode, replacement != null ? replacement : body.bytes(), true, true);
                return null;
            }
            case STREAMED, UNKNOWN, NONE, BUFFERED, BUFFERED_PARTIAL -> {
                if (replacement != null && body.pieces() > 1) {
                    // Earlier pieces already went upstream: a whole-body replacement cannot be applied.
                    return "a body filter replaced a body Envoy streamed in " + body.pieces()
                            + " pieces; use request_body_mode BUFFERED or FULL_DUPLEX_STREAMED";
                }
                if (replacement != null && replacement.size() > MAX_SINGLE_BODY) {
                    return "a replacement body of " + replacement.size() + " bytes does not fit one message; use "
                            + "request_body_mode FULL_DUPLEX_STREAMED";
                }
                send.accept(Replies.requestBody(mutation, replacement));
                return null;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /** Replies to one body piece (request or response side) in {@code mode}. */
    void piece(boolean request, BodySendMode mode, ByteString bytes, boolean endOfStream, boolean changed) {
        if (mode == BodySendMode.FULL_DUPLEX_STREAMED) {
            List<ByteString> pieces = BodyChunker.chunks(bytes, BodyChunker.CHUNK_BYTES);
            for (int i = 0; i < pieces.size(); i++) {
                BodyResponse piece = Replies.streamed(pieces.get(i), endOfStream && i == pieces.size() - 1);
                send.accept(request ? ProcessingResponse.newBuilder().setRequestBody(piece).build()
                        : ProcessingResponse.newBuilder().setResponseBody(piece).build());
            }
            return;
        }
        ByteString replacement = changed ? bytes : null;
        send.accept(request ? Replies.requestBody(null, replacement) : Replies.responseBody(replacement));
    }
}
