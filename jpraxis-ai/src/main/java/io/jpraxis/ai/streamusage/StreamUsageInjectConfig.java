package io.jpraxis.ai.streamusage;

/**
 * A {@code stream_usage_inject} entry (see docs/reference/filters/stream_usage_inject.md).
 *
 * @param maxBodyBytes the largest request body read (and so rewritten)
 */
public record StreamUsageInjectConfig(long maxBodyBytes) {
    public static final long DEFAULT_MAX_BODY_BYTES = 10L * 1024 * 1024;
    public static final long MAX_BODY_BYTES = 64L * 1024 * 1024;
}
