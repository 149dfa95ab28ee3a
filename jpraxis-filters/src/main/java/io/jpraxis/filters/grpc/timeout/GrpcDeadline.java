package io.jpraxis.filters.grpc.timeout;

import io.jpraxis.core.context.Extensions;
import java.time.Duration;
import java.time.Instant;

/**
 * A gRPC call's absolute deadline, kept in the request's extensions from the request phase to the
 * response (see docs/behaviour/grpc.md#deadlines-across-retries): every attempt and every check
 * measures what is left against the same instant, so a retry never restarts the clock.
 *
 * @param at when the call must be over, counted from the request's arrival
 * @param propagate whether each upstream attempt carries the time left in {@code grpc-timeout}
 */
public record GrpcDeadline(Instant at, boolean propagate) {
    /** Where the deadline is kept. */
    public static final Extensions.Key<GrpcDeadline> KEY = new Extensions.Key<>("grpc.deadline", GrpcDeadline.class);
    /**
     * How early a check may see the deadline as passed: the edge's timer and the clock are read a
     * hair apart, and an answer the timer made at the deadline must count as late.
     */
    static final Duration TOLERANCE = Duration.ofMillis(1);

    /** Time left at {@code now}; zero or negative once the deadline passed. */
    public Duration remaining(Instant now) {
        return Duration.between(now, at);
    }

    /** Whether the deadline has passed at {@code now}. */
    public boolean passed(Instant now) {
        return !now.plus(TOLERANCE).isBefore(at);
    }
}
