package io.jpraxis.bench.load;

/**
 * The counters from h2load's end-of-run summary. {@code failed} counts every request that did
 * not end in 2xx: network errors, timeouts and non-2xx answers alike.
 */
public record H2loadSummary(double seconds, double requestsPerSecond, long total, long started, long done,
        long succeeded, long failed, long errored, long timeout, long status2xx, long status3xx, long status4xx,
        long status5xx) {
}
