package io.jpraxis.filters.iterative;

import io.jpraxis.core.binding.BoundRequestBody;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterGauge;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.http.WebSocketUpgrade;
import io.jpraxis.filters.iterative.StepCompiler.CompiledStep;
import io.jpraxis.filters.iterative.StepCompiler.Steps;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code iterative_request_router} (see docs/behaviour/iterative-router.md#steps-and-transitions):
 * answers the request itself from a bounded loop of sub-requests through named step pipelines
 * ({@link IterationLoop}). It reads the whole request body at pre-read (ReadOnly, StreamBuffer of
 * {@code max_state_bytes}), which every step resends.
 */
public final class IterativeRouterFilter implements HttpFilter {
    /**
     * Hops of chained gateways at which the loop stops with 508 (see
     * docs/behaviour/limits.md#the-limits-table).
     */
    static final int MAX_DEPTH = 3;
    private static final Extensions.Key<byte[]> BODY = new Extensions.Key<>("iterative-request-body", byte[].class);

    private final IterativeRouterConfig config;
    private final Steps steps;
    private final Clock clock;

    private final StepCounters counters;

    IterativeRouterFilter(IterativeRouterConfig config, Steps steps, Clock clock) {
        this.counters = new StepCounters(config, servedClusters(steps));
        this.config = config;
        this.steps = steps;
        this.clock = clock;
    }

    @Override
    public String type() {
        return IterativeRouterFactory.TYPE;
    }

    @Override
    public IterativeRouterConfig config() {
        return config;
    }

    /**
     * Its steps' gauges, in step order (a step's circuit_breaker shows its {@code
     * praxis_circuit_breaker_open} as a top-level one does).
     */
    @Override
    public List<FilterGauge> gauges() {
        List<FilterGauge> out = new ArrayList<>(counters.meters());
        config.steps().stream().map(s -> steps.byName().get(s.name())).filter(Objects::nonNull)
                .flatMap(s -> s.pipeline().allSlots().stream()).flatMap(slot -> slot.filter().gauges().stream())
                .forEach(out::add);
        return out;
    }

    /** The clusters each step's filters declare they serve, for bounded cluster labels. */
    private static Map<String, List<String>> servedClusters(Steps steps) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        steps.byName().forEach((name, step) -> out.put(name, step.pipeline().allSlots().stream()
                .flatMap(slot -> slot.declaration().clusters().served().stream()).distinct().toList()));
        return out;
    }

    StepCounters counters() {
        return counters;
    }

    CompiledStep step(String name) {
        return steps.byName().get(name);
    }

    @Override
    public boolean isAsync() {
        return true;
    }

    @Override
    public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
        int depth = inboundDepth(ctx.headers().get(ReservedHeaders.ITERATIVE_DEPTH));
        if (depth >= MAX_DEPTH) {
            return CompletableFuture.completedFuture(FilterAction.reject(508, "iterative request loop detected"));
        }
        if (WebSocketUpgrade.offered(ctx.headers())) {
            // A step is a sub-request with an HTTP answer; it cannot carry a tunnel (see
            // docs/behaviour/websocket.md#what-is-not-tunnelled).
            return CompletableFuture.completedFuture(FilterAction.reject(400,
                    "iterative_request_router cannot route an Upgrade: websocket request (sub-requests are not tunnels;"
                            + " route it with a router)"));
        }
        if (ctx.subRequests() == null) {
            // Without the shared client the router cannot work; failure_mode decides (see
            // docs/behaviour/iterative-router.md#steps-and-transitions).
            return CompletableFuture.completedFuture(FilterAction.fail("no sub-request client on this edge"));
        }
        // A bound-upstream participant's rewrite (see
        // docs/behaviour/binding.md#the-bound-body-barrier) replaces what pre-read kept.
        byte[] body = BoundRequestBody.rewrittenBytes(ctx)
                .orElseGet(() -> ctx.extensions().get(BODY).orElse(new byte[0]));
        return new IterationLoop(this, ctx, clock, depth).run(body);
    }

    /**
     * The depth a chained gateway announced. The header is the one reserved name a client may send
     * (see docs/behaviour/routing-headers.md#reserved-header-prefixes) and can only shorten its own
     * budget, so a value that is not a plain non-negative count is taken as the limit: a garbled
     * header must not reset the loop guard.
     */
    static int inboundDepth(String value) {
        if (value == null) {
            return 0;
        }
        String v = value.trim();
        if (v.isEmpty() || v.length() > 9 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return MAX_DEPTH;
        }
        return Integer.parseInt(v);
    }

    /** Keeps a copy of the pre-read body for the steps; the edge's buffers are not ours to hold. */
    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        ctx.extensions().put(BODY, body.toByteArray());
        return FilterAction.CONTINUE;
    }

    @Override
    public void start() {
        steps.byName().values().forEach(s -> s.pipeline().start());
    }

    @Override
    public void close() {
        steps.byName().values().forEach(s -> s.pipeline().close());
    }
}
