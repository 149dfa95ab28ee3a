package io.jpraxis.http.tracing;

import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubRequestClient;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.http.HeaderMap;
import java.util.concurrent.CompletionStage;

/**
 * A request's sub-request client with a client span per sub-request (an iterative request router
 * step, an outbound chain call), child of the request's server span. The caller's headers are
 * copied, never changed: a router may send them again to its next step.
 */
final class TracedSubRequests implements SubRequestClient {
    private final SubRequestClient delegate;
    private final ServerSpan server;

    TracedSubRequests(SubRequestClient delegate, ServerSpan server) {
        this.delegate = delegate;
        this.server = server;
    }

    @Override
    public CompletionStage<SubResponse> send(SubRequest request) {
        HeaderMap headers = request.headers().copy();
        ClientSpan span = ClientSpan.subRequest(server, request.method(), request.target(), headers);
        SubRequest traced = new SubRequest(request.target(), request.method(), request.pathAndQuery(), headers,
                request.body(), request.deadline(), request.maxResponseBytes());
        return delegate.send(traced).whenComplete((response, error) -> {
            switch (response) {
                case SubResponse.Received received -> ClientSpan.answered(span, received.status());
                case SubResponse.Failed failed -> ClientSpan.failed(span, failed.kind().name().toLowerCase(java.util.Locale.ROOT));
                case null -> ClientSpan.failed(span, error == null ? "unknown" : error.getClass().getSimpleName());
            }
            ClientSpan.end(span);
        });
    }
}
