package io.jpraxis.config.model;

/** Global body ceilings in bytes; null means unbounded (needs {@code allow_unbounded_body}). */
public record BodyLimits(Long maxRequestBytes, Long maxResponseBytes) {
    public static final long DEFAULT_BYTES = 10L * 1024 * 1024;
    /** Hard cap for any buffered body, whatever the config says. */
    public static final long ABSOLUTE_CAP_BYTES = 64L * 1024 * 1024;
    public static final BodyLimits DEFAULT = new BodyLimits(DEFAULT_BYTES, DEFAULT_BYTES);
}
