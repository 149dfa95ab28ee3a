package io.jpraxis.ai.tokencount;

/**
 * The {@code token_count} filter's config (see docs/reference/filters/token_count.md).
 *
 * @param provider whose response shape the usage is read from
 * @param maxBodyBytes the most JSON body bytes copied for parsing; more is an overflow
 * @param maxScratchBytes the most bytes of one server-sent event (line and data); a larger event is
 *     skipped
 */
public record TokenCountConfig(TokenProvider provider, long maxBodyBytes, long maxScratchBytes) {
    /** Default of both limits: 1 MiB. */
    public static final long DEFAULT_LIMIT = 1_048_576;
    /** Upper bound of both limits: 64 MiB. */
    public static final long MAX_LIMIT = 67_108_864;
}
