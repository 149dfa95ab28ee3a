package io.jpraxis.http.exchange;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * The one timer that enforces the request deadline a {@code timeout} filter set (see
 * docs/reference/filters/timeout.md#what-it-does): when it fires, an exchange still waiting for its
 * response head is cancelled and answered 504, so an origin that never answers is bounded, not only
 * a late one. Confined to the exchange's event loop.
 */
final class RequestDeadline {
    private final ScheduledFuture<?> timer;

    private RequestDeadline(ScheduledFuture<?> timer) {
        this.timer = timer;
    }

    /** Starts the timer for {@code deadline}; null when there is no deadline. A past one fires at once. */
    static RequestDeadline arm(EventLoop loop, Clock clock, Instant deadline, Runnable onExpired) {
        if (deadline == null) {
            return null;
        }
        long delayNanos = Math.max(0, Duration.between(clock.instant(), deadline).toNanos());
        return new RequestDeadline(loop.schedule(onExpired, delayNanos, TimeUnit.NANOSECONDS));
    }

    /** The exchange ended: the timer will not fire. */
    void cancel() {
        timer.cancel(false);
    }
}
