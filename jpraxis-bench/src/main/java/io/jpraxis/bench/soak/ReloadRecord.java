package io.jpraxis.bench.soak;

/**
 * One rewrite of the served config and what came of it.
 *
 * @param atSeconds when the file was replaced, in seconds since the load started
 * @param appliedMillis from the rewrite until {@code jpraxis_config_reloads_total{outcome="applied"}}
 *     went up; -1 when it did not within the wait
 * @param servedMillis from the rewrite until a request through the listener carried the new
 *     variant's header; -1 when none did within the wait
 */
public record ReloadRecord(int number, double atSeconds, String variant, long appliedMillis, long servedMillis) {

    /** Whether the reload was counted as applied and its config served requests. */
    public boolean ok() {
        return appliedMillis >= 0 && servedMillis >= 0;
    }
}
