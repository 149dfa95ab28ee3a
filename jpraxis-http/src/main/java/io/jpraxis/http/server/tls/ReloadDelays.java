package io.jpraxis.http.server.tls;

import java.time.Duration;

/**
 * The certificate watcher's delays (see docs/behaviour/certificate-reload.md#when-a-reload-runs);
 * tests shorten them.
 *
 * @param first from the first file event of a burst to the reload
 * @param cooldown after a successful reload, before the next one may start
 * @param maxBackoff the cap of the doubling retry delay after failed reloads
 */
public record ReloadDelays(Duration first, Duration cooldown, Duration maxBackoff) {
    /** 500 ms, 5 s, 60 s. */
    public static final ReloadDelays STANDARD =
            new ReloadDelays(Duration.ofMillis(500), Duration.ofSeconds(5), Duration.ofSeconds(60));

    public ReloadDelays {
        if (!first.isPositive() || cooldown.isNegative() || maxBackoff.compareTo(first) < 0) {
            throw new IllegalArgumentException("reload delays first " + first + ", cooldown " + cooldown
                    + ", max backoff " + maxBackoff + " (expected: 0 < first <= max backoff, cooldown >= 0)");
        }
    }
}
