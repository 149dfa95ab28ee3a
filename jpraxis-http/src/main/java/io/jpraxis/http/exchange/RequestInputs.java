package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpRequest;
import java.nio.ByteBuffer;

/**
 * What is fixed about a request once its pipeline began, shared by the parts that read its body or
 * relay it upstream: the listener, the client connection's event loop, the head as the client
 * sent it, the filters' view of it, its pipeline run, and the body pieces held for it.
 *
 * @param upgrade the request offers a WebSocket upgrade on a connection that can switch (see
 *     docs/behaviour/websocket.md#which-requests-are-tunnelled)
 */
record RequestInputs(ListenerContext listener, EventLoop loop, HttpRequest head, RequestContext context,
        PipelineExecution execution, RequestPieces pieces, boolean upgrade) {

    /**
     * A bound-upstream participant's rewrite replaces the pre-read body (only a body that was read
     * whole can be; its length then frames the upstream request, chunked clients included; see
     * docs/behaviour/binding.md#the-bound-body-barrier).
     */
    void useRewrittenBody() {
        ByteBuffer rewritten = execution.rewrittenRequestBody();
        if (rewritten != null) {
            pieces.replacePreRead(rewritten);
        }
    }

    /** The effective request id (a {@code request_id} filter may have adopted the client's). */
    String requestId() {
        return context.requestId();
    }
}
