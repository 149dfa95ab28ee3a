package io.jpraxis.filters.traffic.circuitbreaker;

import io.jpraxis.core.circuit.CircuitBreaker;
import io.jpraxis.core.circuit.CircuitPolicy;
import io.jpraxis.core.circuit.CircuitTicket;
import io.jpraxis.core.circuit.CircuitVerdict;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterGauge;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.traffic.circuitbreaker.CircuitBreakerConfig.ClusterPolicy;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per-cluster circuit breaking (see docs/reference/filters/circuit_breaker.md#what-it-does): runs
 * after the router, asks the selected cluster's {@link CircuitBreaker} whether the request may go, and
 * answers 503 with {@code X-Circuit-State: open} when it may not. The response phase tells the
 * breaker how the exchange went ({@link Verdicts}); the exchange-end hook frees a probe whose
 * response phase never ran (the client left). Clusters not listed pass untouched.
 *
 * <p>The breakers belong to this instance, so a reload, which builds new filters, starts every
 * circuit closed. Time comes from the runtime clock, so tests can steer it.
 */
public final class CircuitBreakerFilter implements HttpFilter {
    /** Client-facing reason of the 503. */
    public static final String REASON = "circuit open";
    static final String STATE_HEADER = "x-circuit-state";
    static final String GAUGE = "praxis.circuit.breaker.open";
    private static final FilterAction REFUSED = FilterAction.reject(503, REASON);
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final Logger log = LoggerFactory.getLogger(CircuitBreakerFilter.class);

    private final CircuitBreakerConfig config;
    private final Clock clock;
    private final Instant epoch;
    /** Looked up by name only, never iterated; {@link #gauges()} walks the config's order. */
    private final Map<String, CircuitBreaker> breakers = new HashMap<>();
    /** Per-instance, so two circuit_breaker entries in one pipeline keep their own tickets. */
    private final Extensions.Key<Pass> pass = new Extensions.Key<>("circuit_breaker", Pass.class);
    private final LongAdder refused = new LongAdder();
    /**
     * Shared by every instance: set when one refused the request, so an {@code
     * iterative_request_router} can read its step's 503 as the transport error {@code circuit_open}.
     */
    private static final Extensions.Key<Boolean> OPENED = new Extensions.Key<>("circuit_breaker.refused", Boolean.class);

    public CircuitBreakerFilter(CircuitBreakerConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
        this.epoch = clock.instant();
        for (ClusterPolicy policy : config.clusters()) {
            breakers.put(policy.name(), new CircuitBreaker(new CircuitPolicy("cluster " + policy.name(),
                    policy.consecutiveFailures(), policy.recoveryWindowSecs(), policy.halfOpenTimeoutSecs())));
        }
    }

    @Override
    public String type() {
        return CircuitBreakerFactory.TYPE;
    }

    @Override
    public CircuitBreakerConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        CircuitBreaker breaker = ctx.cluster() == null ? null : breakers.get(ctx.cluster());
        if (breaker == null) {
            return FilterAction.CONTINUE; // no cluster selected (yet), or one without a breaker
        }
        CircuitTicket ticket = breaker.admit(now());
        ctx.extensions().put(pass, new Pass(breaker, ticket));
        if (ticket instanceof CircuitTicket.Refused) {
            refused.increment();
            ctx.extensions().put(OPENED, Boolean.TRUE);
            log.debug("circuit_breaker: refusing request {} to cluster {}: circuit open", ctx.requestId(), ctx.cluster());
            return REFUSED;
        }
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        Pass p = ctx.extensions().get(pass).orElse(null);
        if (p == null) {
            return FilterAction.CONTINUE;
        }
        if (p.ticket() instanceof CircuitTicket.Refused) {
            response.headers().set(STATE_HEADER, "open");
        } else {
            p.settle(Verdicts.of(ctx, response), now());
        }
        return FilterAction.CONTINUE;
    }

    @Override
    public void onLog(RequestContext ctx, ExchangeSummary summary) {
        Pass p = ctx.extensions().get(pass).orElse(null);
        if (p != null) {
            p.settle(Verdicts.atEnd(ctx), now()); // nothing when the response phase already did
        }
    }

    @Override
    public List<FilterGauge> gauges() {
        return config.clusters().stream().map(policy -> {
            CircuitBreaker breaker = breakers.get(policy.name());
            return new FilterGauge(GAUGE, "1 while the circuit_breaker of the cluster is open or half-open",
                    Map.of("cluster", policy.name()), () -> breaker.tripped() ? 1 : 0);
        }).toList();
    }

    /** Whether a circuit_breaker answered {@code ctx}'s request with its 503 because the circuit was open. */
    public static boolean refused(RequestContext ctx) {
        return ctx.extensions().get(OPENED).orElse(false);
    }

    /** The breaker of {@code cluster}, or null when it has none (tests). */
    CircuitBreaker breaker(String cluster) {
        return breakers.get(cluster);
    }

    /** Requests refused with 503 so far. */
    long refusedCount() {
        return refused.sum();
    }

    /** Nanoseconds since this filter was built, on the runtime clock. */
    private long now() {
        Instant t = clock.instant();
        return (t.getEpochSecond() - epoch.getEpochSecond()) * NANOS_PER_SECOND + (t.getNano() - epoch.getNano());
    }

    /** One request's ticket; confined to the request's thread, settled once. */
    private static final class Pass {
        private final CircuitBreaker breaker;
        private final CircuitTicket ticket;
        private boolean settled;

        Pass(CircuitBreaker breaker, CircuitTicket ticket) {
            this.breaker = breaker;
            this.ticket = ticket;
        }

        CircuitTicket ticket() {
            return ticket;
        }

        void settle(CircuitVerdict verdict, long now) {
            if (!settled) {
                settled = true;
                breaker.settle(ticket, verdict, now);
            }
        }
    }
}
