package io.jpraxis.http.server.tls;

import java.time.Duration;

/**
 * When a listener's certificate is next reloaded (see
 * docs/behaviour/certificate-reload.md#when-a-reload-runs): a file event schedules one reload
 * {@code first} later and every event until then joins it; a reload that succeeded holds the next
 * one off for {@code cooldown}; one that failed is retried after a delay that starts at twice
 * {@code first} and doubles up to {@code maxBackoff}, whether or not the files change again.
 *
 * <p>Pure logic over a caller-supplied monotonic clock (nanoseconds); not thread-safe, the
 * watcher thread alone uses it.
 */
final class ReloadSchedule {
    private final ReloadDelays delays;
    private boolean pending;
    private long dueAt;
    /** No reload starts before this after a success (the cooldown); only meaningful once one succeeded. */
    private long notBefore;
    private boolean coolingDown;
    /** The delay of the retry after the last failure; zero while the last reload did not fail. */
    private long backoffNanos;

    ReloadSchedule(ReloadDelays delays) {
        this.delays = delays;
    }

    /** A file event seen at {@code now}: schedules a reload unless one is already due. */
    void event(long now) {
        if (pending) {
            return; // joins the reload already scheduled, failure retries included
        }
        pending = true;
        long due = now + delays.first().toNanos();
        dueAt = coolingDown && notBefore - due > 0 ? notBefore : due;
    }

    boolean pending() {
        return pending;
    }

    /** Whether the reload is due at {@code now}. */
    boolean due(long now) {
        return pending && now - dueAt >= 0;
    }

    /** Nanoseconds from {@code now} until the reload is due (zero when overdue); only while {@link #pending()}. */
    long nanosUntilDue(long now) {
        return Math.max(0, dueAt - now);
    }

    /** The reload at {@code now} swapped the certificate: back to the first delay, after a cooldown. */
    void succeeded(long now) {
        pending = false;
        backoffNanos = 0;
        coolingDown = true;
        notBefore = now + delays.cooldown().toNanos();
    }

    /**
     * The files were as last loaded, so nothing was reloaded: no cooldown, and a backoff ends, since
     * what is served is again what the files hold.
     */
    void unchanged() {
        pending = false;
        backoffNanos = 0;
    }

    /** Whether the last reload failed (a retry is scheduled). */
    boolean failing() {
        return backoffNanos != 0;
    }

    /** The reload at {@code now} failed: retried after the doubled delay, capped at the maximum. */
    void failed(long now) {
        long previous = backoffNanos == 0 ? delays.first().toNanos() : backoffNanos;
        backoffNanos = Math.min(previous * 2, delays.maxBackoff().toNanos());
        pending = true;
        dueAt = now + backoffNanos;
    }

    /** The delay before the retry the last failure scheduled. */
    Duration retryDelay() {
        return Duration.ofNanos(backoffNanos);
    }
}
