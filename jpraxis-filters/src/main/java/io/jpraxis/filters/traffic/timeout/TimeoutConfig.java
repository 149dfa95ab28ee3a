package io.jpraxis.filters.traffic.timeout;

/**
 * The {@code timeout} filter's config (see docs/reference/filters/timeout.md#what-it-does).
 *
 * @param timeoutMs the longest time allowed from request receipt to the response head
 */
public record TimeoutConfig(long timeoutMs) {
}
