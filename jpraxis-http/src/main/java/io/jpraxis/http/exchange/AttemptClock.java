package io.jpraxis.http.exchange;

import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.upstream.UpstreamConnector;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.http.upstream.UpstreamStream;
import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The timers of one exchange's upstream attempts (see docs/behaviour/retries.md#timing): the
 * {@code per_try_timeout_ms} of the attempt under way, from its start to the origin's response
 * head, and the backoff before a retry. Attempts are numbered, so a late callback of an attempt
 * already given up ({@link #current}) is recognised and dropped. Confined to the exchange's event
 * loop; at most one timer is pending.
 */
final class AttemptClock {
    private final EventExecutor loop;
    /** The per-try limit, or null when attempts are bounded only by the transport timeouts. */
    private final Long perTryMs;
    private ScheduledFuture<?> pending;
    private int attempt;

    AttemptClock(EventExecutor loop, Long perTryMs) {
        this.loop = loop;
        this.perTryMs = perTryMs;
    }

    /** A new attempt begins: returns its number and starts its per-try limit, which runs {@code onTimeout}. */
    int begin(Runnable onTimeout) {
        cancel();
        int number = ++attempt;
        if (perTryMs != null) {
            pending = loop.schedule(() -> {
                pending = null;
                if (number == attempt) {
                    onTimeout.run();
                }
            }, perTryMs, TimeUnit.MILLISECONDS);
        }
        return number;
    }

    /**
     * {@code callback} for attempt {@code number}: once that attempt was given up, a stream that
     * still arrives is closed and a failure only counted.
     */
    UpstreamConnector.AcquireCallback guard(int number, UpstreamConnector.AcquireCallback callback,
            EdgeMetrics metrics) {
        return new UpstreamConnector.AcquireCallback() {
            @Override
            public void onAcquired(UpstreamStream stream) {
                if (current(number)) {
                    callback.onAcquired(stream);
                } else {
                    stream.abort(); // its attempt timed out while connecting
                }
            }

            @Override
            public void onAcquireFailed(UpstreamFailure failure) {
                if (current(number)) {
                    callback.onAcquireFailed(failure);
                } else {
                    metrics.upstreamFailure(failure);
                }
            }
        };
    }

    /** Whether {@code number} is the attempt under way. */
    boolean current(int number) {
        return number == attempt;
    }

    /** The attempt under way is given up (its late callbacks are dropped) or answered (its limit stops). */
    void settle() {
        attempt++;
        cancel();
    }

    /** Runs {@code next} after {@code delayMs} (at once for 0). */
    void after(long delayMs, Runnable next) {
        cancel();
        if (delayMs <= 0) {
            next.run();
        } else {
            pending = loop.schedule(() -> {
                pending = null;
                next.run();
            }, delayMs, TimeUnit.MILLISECONDS);
        }
    }

    /** Drops the pending timer, if any. */
    void cancel() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }
}
