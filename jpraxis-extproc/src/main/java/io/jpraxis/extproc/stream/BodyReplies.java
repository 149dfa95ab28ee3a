package io.jpraxis.extproc.stream;

import com.google.protobuf.ByteString;
import io.envoyproxy.envoy.service.ext_proc.v3.BodyResponse;
import io.envoyproxy.envoy.service.ext_proc.v3.HeaderMutation;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.grpc.Status;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Body replies by Envoy's body mode (see docs/behaviour/ext-proc.md#phases,
 * docs/behaviour/ext-proc.md#implementation-notes): in FULL_DUPLEX_STREAMED the processor sends the
 * bytes back itself, chunked below Envoy's message limit; in the other modes one body reply per
 * body message, replacing the piece only when a filter changed it.
 *
 * <p>Two rules of Envoy's shape these replies. It applies a body reply's header mutation only in
 * BUFFERED and BUFFERED_PARTIAL (in STREAMED the headers have gone on). And in BUFFERED mode it
 * keeps the client's or origin's {@code content-length} and refuses a body of another size with a
 * local 500, so a whole replaced body sent in one reply carries its own length; in the streaming
 * modes Envoy drops the length and re-frames the body itself.
 */
final class BodyReplies {
    /** A whole body replacement in one message must stay under gRPC's default 4 MiB message limit. */
    static final int MAX_SINGLE_BODY = 4 * 1024 * 1024 - 64 * 1024;

    /** Why the request's decision cannot be sent: the stream fails with {@code status}; {@code detail} is logged. */
    record Refusal(Status status, String detail) {
    }

    private final Consumer<ProcessingResponse> send;

    BodyReplies(Consumer<ProcessingResponse> send) {
        this.send = send;
    }

    /**
     * Replies to the body message the request decision was made on.
     *
     * @param stripped the ingress strips, already sent on the headers reply
     * @param lengthHeld whether the request Envoy holds carries a {@code content-length}
     * @return why the decision cannot be sent, or null when the replies went out
     */
    Refusal decision(BodySendMode mode, HeaderMutation.Builder mutation, RequestBody body, Set<String> stripped,
            boolean lengthHeld) {
        ByteString replacement = body.replacement();
        switch (mode) {
            case FULL_DUPLEX_STREAMED -> {
                send.accept(Replies.requestHeaders(mutation));
                piece(true, mode, replacement != null ? replacement : body.bytes(), true, true, false);
                return null;
            }
            case STREAMED, UNKNOWN, NONE, BUFFERED, BUFFERED_PARTIAL -> {
                boolean streamed = mode == BodySendMode.STREAMED || (mode == BodySendMode.UNKNOWN && body.pieces() > 1);
                if (streamed && MutationDiff.changesBeyond(mutation, stripped)) {
                    return new Refusal(Status.FAILED_PRECONDITION.withDescription("request header changes cannot "
                            + "reach Envoy in STREAMED body mode; use BUFFERED"), "the pipeline changed request "
                            + "headers after reading the body, which Envoy applies only in request_body_mode BUFFERED "
                            + "or BUFFERED_PARTIAL; this stream is STREAMED, so the request is refused rather than "
                            + "sent on without the change");
                }
                if (replacement != null && body.pieces() > 1) {
                    // Each earlier piece was answered as it came (Envoy waits for that answer before it
                    // sends the next), so it went upstream unchanged: a whole-body replacement could
                    // only be expressed by clearing pieces that are already gone. A body mode fixes it.
                    String detail = "a filter that reads the whole request body replaced it, but Envoy sent it in "
                            + body.pieces() + " pieces in request_body_mode " + (mode == BodySendMode.UNKNOWN ? "STREAMED (inferred: no protocol_config)" : mode)
                            + ", whose earlier pieces have gone upstream (expected: request_body_mode BUFFERED, "
                            + "or FULL_DUPLEX_STREAMED for bodies over Envoy's buffer limit)";
                    return new Refusal(Status.FAILED_PRECONDITION.withDescription(detail), detail);
                }
                if (replacement != null && replacement.size() > MAX_SINGLE_BODY) {
                    return failed("a replacement body of " + replacement.size() + " bytes does not fit one message; "
                            + "use request_body_mode FULL_DUPLEX_STREAMED");
                }
                if (replacement != null && keepsLength(mode, true, lengthHeld)) {
                    MutationDiff.setContentLength(mutation, replacement.size());
                }
                send.accept(Replies.requestBody(mutation, replacement));
                return null;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    private static Refusal failed(String detail) {
        return new Refusal(Status.INTERNAL.withDescription("request body reply failed"), detail);
    }

    /**
     * Replies to one body piece (request or response side) in {@code mode}.
     *
     * @param onlyPieceUnderLength whether this is the message's first piece and Envoy holds a
     *     {@code content-length} for it: a replacement then brings its own length
     */
    void piece(boolean request, BodySendMode mode, ByteString bytes, boolean endOfStream, boolean changed,
            boolean onlyPieceUnderLength) {
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
        HeaderMutation.Builder length = null;
        if (replacement != null && keepsLength(mode, endOfStream, onlyPieceUnderLength)) {
            length = HeaderMutation.newBuilder();
            MutationDiff.setContentLength(length, replacement.size());
        }
        send.accept(request ? Replies.requestBody(length, replacement) : Replies.responseBody(length, replacement));
    }

    /**
     * Whether a whole body goes back in one reply under a length Envoy kept: BUFFERED, or without
     * {@code protocol_config} (UNKNOWN) a body that came as one last piece.
     */
    private static boolean keepsLength(BodySendMode mode, boolean endOfStream, boolean onlyPieceUnderLength) {
        return onlyPieceUnderLength && endOfStream && (mode == BodySendMode.BUFFERED || mode == BodySendMode.UNKNOWN);
    }
}
