package io.jpraxis.filters.traffic.timeout;

/**
 * The {@code timeout} filter's config (spec 5.6).
 *
 * @param timeoutMs the longest time allowed from request receipt to the response head
 */
public record TimeoutConfig(long timeoutMs) {
}
