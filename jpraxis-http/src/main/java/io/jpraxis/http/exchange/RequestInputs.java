package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpRequest;

/**
 * What is fixed about a request once its pipeline began, shared by the parts that read its body or
 * relay it upstream: the listener, the client connection's event loop, the head as the client
 * sent it, the filters' view of it, its pipeline run, and the body pieces held for it.
 */
record RequestInputs(ListenerContext listener, EventLoop loop, HttpRequest head, RequestContext context,
        PipelineExecution execution, RequestPieces pieces) {

    /** The effective request id (a {@code request_id} filter may have adopted the client's). */
    String requestId() {
        return context.requestId();
    }
}
