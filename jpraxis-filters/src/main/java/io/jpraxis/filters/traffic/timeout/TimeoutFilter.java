package io.jpraxis.filters.traffic.timeout;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Bounds the time from request receipt to the response head (see
 * docs/reference/filters/timeout.md#what-it-does).
 *
 * <p>Praxis checks only after the fact: a response head that arrives later than {@code timeout_ms}
 * is replaced by a 504. An operator who sets a timeout also expects it to bound an origin that never
 * answers, so the filter additionally sets a request deadline on the context, which the edge
 * enforces by answering 504 and cancelling the upstream exchange when no head came in time.
 */
public final class TimeoutFilter implements HttpFilter {
    /** Client-facing reason of the 504; the same one the edge uses when the deadline fires. */
    public static final String REASON = "request timed out";
    private static final FilterAction TIMED_OUT = FilterAction.reject(504, REASON);

    private final TimeoutConfig config;
    private final Duration timeout;
    private final Clock clock;

    public TimeoutFilter(TimeoutConfig config, Clock clock) {
        this.config = config;
        this.timeout = Duration.ofMillis(config.timeoutMs());
        this.clock = clock;
    }

    @Override
    public String type() {
        return TimeoutFactory.TYPE;
    }

    @Override
    public TimeoutConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        ctx.tightenDeadline(ctx.receivedAt().plus(timeout));
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        Instant now = clock.instant();
        // Strictly later than the limit, as Praxis compares: a head exactly at the limit passes.
        return Duration.between(ctx.receivedAt(), now).compareTo(timeout) > 0 ? TIMED_OUT : FilterAction.CONTINUE;
    }
}
