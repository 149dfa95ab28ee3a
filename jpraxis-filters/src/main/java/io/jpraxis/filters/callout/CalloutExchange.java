package io.jpraxis.filters.callout;

import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.CanonicalPath;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import io.jpraxis.core.pipeline.execute.ResponseOutcome;
import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.TransportError;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request's callout. The outbound chain runs on a fresh context (the configured method, path,
 * headers and body; no binding, metadata or results of the parent's), so a router in it binds the
 * callout's own cluster; the sub-request goes to the endpoint the chain picked, the chain's
 * response filters run on the answer, and the answer decides. A chain that answers locally or
 * picks no endpoint, and a transport failure, fail the filter with 503 (504 for the deadline),
 * which {@code failure_mode: open} turns into going on. Never blocks.
 */
final class CalloutExchange {
    private static final Logger log = LoggerFactory.getLogger(CalloutExchange.class);
    /**
     * The reason a denied client reads; what the service said stays out of it (see
     * docs/behaviour/request-lifecycle.md#error-bodies).
     */
    static final String DENIED = "request denied";

    private final HttpCalloutConfig config;
    private final CompiledPipeline chain;
    private final RequestContext parent;
    private final Clock clock;

    CalloutExchange(HttpCalloutConfig config, CompiledPipeline chain, RequestContext parent, Clock clock) {
        this.config = config;
        this.chain = chain;
        this.parent = parent;
        this.clock = clock;
    }

    CompletionStage<FilterAction> run() {
        Instant deadline = clock.instant().plusMillis(config.timeoutMs());
        // The request's own deadline (a timeout filter before this one) bounds its callout too.
        if (parent.deadline() != null && parent.deadline().isBefore(deadline)) {
            deadline = parent.deadline();
        }
        String target = config.path().render(parent);
        int q = target.indexOf('?');
        String query = q < 0 ? null : target.substring(q + 1);
        // The callout's path is matched by its outbound chain and forwarded like a client's: canonical.
        RequestPath path;
        switch (CanonicalPath.of(q < 0 ? target : target.substring(0, q), query)) {
            case RequestPath p -> path = p;
            case CanonicalPath.Refusal refused -> {
                return failed("its path " + config.path().text() + " is refused: " + refused.reason());
            }
        }
        byte[] body = config.body().from(parent);
        RequestContext callout = calloutContext(path, query, body);
        PipelineExecution exec = PipelineExecution.begin(chain, callout);
        long started = System.nanoTime();
        Instant sendBy = deadline;
        return exec.runRequest().thenCompose(outcome -> switch (outcome) {
            case RequestOutcome.Forward f -> send(f, callout, body, sendBy)
                    .thenApply(response -> after(exec, response, body.length, started));
            case RequestOutcome.Respond r -> failed("its outbound chain answered locally (status "
                    + r.response().status() + ")");
            case RequestOutcome.Reject r -> failed("its outbound chain refused the callout (" + r.status() + " "
                    + r.reason() + ")");
            case RequestOutcome.NoUpstream n -> failed("its outbound chain picked no endpoint: " + n.reason());
        });
    }

    private RequestContext calloutContext(RequestPath path, String query, byte[] body) {
        HeaderMap headers = new HeaderMap();
        for (String name : config.copyRequestHeaders()) {
            // Entering the chain is the callout's ingress: a header a chain filter owns comes only from the chain.
            if (!chain.ownedRequestHeaders().contains(HeaderMap.normalize(name))) {
                parent.headers().getAll(name).forEach(v -> headers.add(name, v));
            }
        }
        for (HeaderValue h : config.headers()) {
            headers.set(h.name(), h.value());
        }
        if (body.length > 0 && !headers.contains("content-type")) {
            headers.set("content-type", "text/plain; charset=utf-8");
        }
        RequestContext ctx = new RequestContext(parent.listener(), config.method(), path, query, parent.scheme(),
                parent.clientAddress(), headers, parent.requestId(), parent.receivedAt());
        // A callout inside the outbound chain (nested http_callout) sends through the same client.
        ctx.subRequests(parent.subRequests());
        return ctx;
    }

    private CompletionStage<SubResponse> send(RequestOutcome.Forward f, RequestContext callout, byte[] body,
            Instant deadline) {
        SubRequest request = new SubRequest(f.target(), callout.method(), callout.target(), callout.headers(), body,
                deadline, config.maxResponseBytes());
        return parent.subRequests().send(request);
    }

    private FilterAction after(PipelineExecution exec, SubResponse response, int sent, long started) {
        return switch (response) {
            case SubResponse.Received r -> {
                LocalResponse answer = respond(exec, new LocalResponse(r.status(), r.headers(), r.body()), false);
                exec.runLog(new ExchangeSummary(answer.status(), sent, answer.body().length,
                        System.nanoTime() - started, true));
                yield decide(answer);
            }
            case SubResponse.Failed failed -> {
                exec.runLog(new ExchangeSummary(failed.kind().status(), sent, 0, System.nanoTime() - started, false));
                log.debug("request {}: callout failed: {} ({})", parent.requestId(), failed.kind().configName(),
                        failed.detail());
                int status = failed.kind() == TransportError.DEADLINE_EXCEEDED ? 504 : 503;
                yield new FilterAction.Fail("http_callout: callout " + failed.kind().configName() + ": "
                        + failed.detail(), status);
            }
        };
    }

    /** The chain's response filters, over the callout's answer as for any exchange. */
    private static LocalResponse respond(PipelineExecution exec, LocalResponse response, boolean local) {
        if (!exec.hasResponseHooks()) {
            return response;
        }
        ResponseHead head = new ResponseHead(response.status(), response.headers(), local);
        return switch (exec.runResponse(head)) {
            case ResponseOutcome.Proceed p -> new LocalResponse(head.status(), head.headers(), response.body());
            case ResponseOutcome.Replace r -> r.response();
        };
    }

    private FilterAction decide(LocalResponse answer) {
        publish(answer);
        if (config.allowStatuses().contains(answer.status())) {
            for (String name : config.upstreamHeaders()) {
                parent.headers().remove(name);
                answer.headers().getAll(name).forEach(v -> parent.headers().add(name, v));
            }
            return FilterAction.CONTINUE;
        }
        LocalResponse denied = LocalResponse.jsonError(config.denyStatus(), DENIED);
        for (String name : config.denyHeaders()) {
            answer.headers().getAll(name).forEach(v -> denied.headers().add(name, v));
        }
        log.debug("request {}: callout answered {}; denied with {}", parent.requestId(), answer.status(),
                config.denyStatus());
        return new FilterAction.Respond(denied);
    }

    /** {@code status} and the chosen headers (first value), each only when it is a valid result value. */
    private void publish(LocalResponse answer) {
        parent.results().put(HttpCalloutFactory.TYPE, "status", Integer.toString(answer.status()));
        for (String name : config.publishHeaders()) {
            String value = answer.headers().get(name);
            if (value != null) {
                parent.results().put(HttpCalloutFactory.TYPE, name, value).ifPresent(problem ->
                        log.debug("request {}: callout header {} not published: {}", parent.requestId(), name,
                                problem));
            }
        }
    }

    private static CompletionStage<FilterAction> failed(String detail) {
        return CompletableFuture.completedFuture(new FilterAction.Fail("http_callout: " + detail, 503));
    }
}
