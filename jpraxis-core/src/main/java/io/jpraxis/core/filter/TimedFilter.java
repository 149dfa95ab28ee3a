package io.jpraxis.core.filter;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterTimings.Phase;
import io.jpraxis.core.filter.FilterTimings.Stream;
import io.jpraxis.core.http.ResponseHead;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A filter whose hooks are timed into {@link FilterTimings}, built only when
 * {@code metrics.filter_duration} is on, so the plain path pays nothing. An asynchronous request
 * hook is timed until its stage completes (the wait for a key set or a callout counts). Everything
 * else is passed through unchanged.
 */
public final class TimedFilter implements HttpFilter {
    private final HttpFilter filter;
    private final FilterTimings timings;

    public TimedFilter(HttpFilter filter, FilterTimings timings) {
        this.filter = filter;
        this.timings = timings;
    }

    /** The filter being timed. */
    public HttpFilter delegate() {
        return filter;
    }

    @Override
    public String type() {
        return filter.type();
    }

    @Override
    public Object config() {
        return filter.config();
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        return timed(Phase.REQUEST, Stream.HEADERS, () -> filter.onRequest(ctx));
    }

    @Override
    public boolean isAsync() {
        return filter.isAsync();
    }

    @Override
    public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
        long start = System.nanoTime();
        return filter.onRequestAsync(ctx).whenComplete((action, error) ->
                timings.record(filter.type(), Phase.REQUEST, Stream.HEADERS, System.nanoTime() - start));
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        return timed(Phase.RESPONSE, Stream.HEADERS, () -> filter.onResponse(ctx, response));
    }

    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        return timed(Phase.REQUEST, Stream.BODY, () -> filter.onRequestBody(ctx, body));
    }

    @Override
    public FilterAction onBoundUpstreamRequestBody(RequestContext ctx, BodyChunk body) {
        return timed(Phase.SELECTED_UPSTREAM, Stream.BODY, () -> filter.onBoundUpstreamRequestBody(ctx, body));
    }

    @Override
    public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
        return timed(Phase.RESPONSE, Stream.BODY, () -> filter.onResponseBody(ctx, body));
    }

    /** Runs {@code hook}, recording its time even when it throws (the executor turns that into a failure). */
    private FilterAction timed(Phase phase, Stream stream, Supplier<FilterAction> hook) {
        long start = System.nanoTime();
        try {
            return hook.get();
        } finally {
            timings.record(filter.type(), phase, stream, System.nanoTime() - start);
        }
    }

    @Override
    public void onLog(RequestContext ctx, ExchangeSummary summary) {
        filter.onLog(ctx, summary);
    }

    @Override
    public List<FilterGauge> gauges() {
        return filter.gauges();
    }

    @Override
    public void start() {
        filter.start();
    }

    @Override
    public void close() {
        filter.close();
    }
}
