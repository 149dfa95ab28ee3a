package io.jpraxis.http.exchange;

import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.execute.BodyVerdict;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpContent;

/**
 * The response side (see docs/behaviour/body-access.md#access-and-delivery-modes) for one proxied
 * exchange: each origin body piece passes the response-body hooks of the filters that ran, and in a
 * StreamBuffer response mode the pieces are withheld (kept as received, no copy) until a hook
 * releases them or the body ends. The byte count against the limit stays with {@link
 * ProxyExchange}. Confined to the exchange's event loop.
 */
final class ResponseBodyHooks {
    private final PipelineExecution execution;
    private final boolean hooks;
    private CompositeByteBuf withheld;
    private boolean released;

    private ResponseBodyHooks(PipelineExecution execution, BodyPlan plan) {
        this.execution = execution;
        this.hooks = plan.responseHooks();
        this.released = !plan.buffersResponse();
    }

    /** The hooks for {@code execution}, or null when its pipeline neither inspects nor buffers responses. */
    static ResponseBodyHooks of(PipelineExecution execution) {
        BodyPlan plan = execution.bodyPlan();
        return plan.responseHooks() || plan.buffersResponse() ? new ResponseBodyHooks(execution, plan) : null;
    }

    /**
     * Passes {@code content} through the hooks. Returns what goes to the client now, in order
     * (withheld pieces first once released; nothing while withholding), or null when a hook
     * stopped the response (the caller aborts it). Ownership of {@code content} passes here.
     */
    HttpContent[] onPiece(HttpContent content, boolean last) {
        HttpContent piece = content;
        if (hooks) {
            // The last piece carries the trailers, which the hooks may edit (see
            // docs/behaviour/body-access.md#trailers).
            HeaderMap trailers = last ? TrailerViews.read(content) : null;
            BodyChunk view = BodyViews.of(content.content(), last, trailers);
            switch (execution.runResponseBody(view)) {
                case BodyVerdict.Pass pass -> {
                    if (pass.body() != view) {
                        piece = content.replace(BodyViews.wrap(pass.body()));
                        content.release();
                    }
                    if (trailers != null) {
                        piece = TrailerViews.write(piece, trailers);
                    }
                    released |= pass.release();
                }
                case BodyVerdict.Stop stop -> {
                    content.release();
                    return null;
                }
            }
        }
        if (!released && !last) {
            withhold(piece);
            return new HttpContent[0];
        }
        released = true;
        if (withheld == null) {
            return new HttpContent[] {piece};
        }
        HttpContent held = new DefaultHttpContent(withheld);
        withheld = null;
        return new HttpContent[] {held, piece};
    }

    /** The exchange ended: drops what is still withheld. */
    void close() {
        if (withheld != null) {
            withheld.release();
            withheld = null;
        }
    }

    private void withhold(HttpContent piece) {
        if (withheld == null) {
            withheld = Unpooled.compositeBuffer(Integer.MAX_VALUE); // never consolidated (copied)
        }
        if (piece.content().isReadable()) {
            withheld.addComponent(true, piece.content().retain());
        }
        piece.release();
    }
}
