package io.jpraxis.core.subrequest;

import io.jpraxis.core.http.BodyStream;
import java.util.concurrent.CompletionStage;

/**
 * Sends one HTTP sub-request to an endpoint a load balancer picked and buffers its response (or,
 * {@link #stream}, hands it on as it arrives): the
 * shared non-blocking client behind the iterative request router's steps (see
 * docs/behaviour/iterative-router.md#steps-and-transitions) and outbound chains (5.11). The edge
 * that carries the parent request provides it ({@link
 * io.jpraxis.core.context.RequestContext#subRequests()}); an edge without one (ext_proc) leaves it
 * null and a filter that needs it fails.
 *
 * <p>The returned stage never completes exceptionally for traffic problems: a connect failure, a
 * reset, a deadline or an oversized response is a {@link SubResponse.Failed} with its {@link
 * TransportError}. It may complete on another thread than the caller's; callers that touch
 * request state hop back themselves (the pipeline executor resumes on the completing thread,
 * which the HTTP edge arranges to be the parent's event loop).
 */
public interface SubRequestClient {

    /** Sends {@code request}; completes with the buffered response or the transport failure. */
    CompletionStage<SubResponse> send(SubRequest request);

    /**
     * Sends {@code request} and completes as soon as the response head is in, its body streaming
     * behind it with the consumer's demand (see docs/behaviour/iterative-router.md#streamed-answers);
     * {@link SubRequest#maxResponseBytes} does not apply to a streamed body, the consumer caps it.
     * A client that cannot stream buffers the response and hands over the whole body
     * ({@link io.jpraxis.core.http.BodyStream#whole()}).
     */
    default CompletionStage<SubStream> stream(SubRequest request) {
        return send(request).thenApply(response -> switch (response) {
            case SubResponse.Received r -> new SubStream.Opened(r.status(), r.headers(), BodyStream.of(r.body()));
            case SubResponse.Failed f -> f;
        });
    }
}
