package io.jpraxis.filters.traffic.ratelimit;

import io.jpraxis.config.model.StoreBackend;

/**
 * The {@code rate_limit} filter's config (see docs/reference/filters/rate_limit.md#what-it-does).
 *
 * @param mode one bucket for every client, or one per client address
 * @param rate tokens added per second (may be fractional: {@code 0.5} is one request every two seconds)
 * @param burst the bucket's capacity: how many requests may arrive at once after a quiet spell
 * @param ipv6PrefixLen in {@code per_ip} mode, the leading bits of an IPv6 client address that
 *     name its bucket (128: one bucket per address; 64: one per subnet); IPv4 clients always get
 *     one bucket per address
 * @param shadow when true the filter counts and logs what it would refuse but lets it through
 * @param key null for the mode's own buckets; {@link Key#AUTHENTICATED_SUBJECT} gives each verified
 *     subject its own bucket (global mode only)
 * @param backend where the buckets live: this process, or a shared store (see
 *     docs/behaviour/shared-state.md#rate_limit)
 */
public record RateLimitConfig(Mode mode, double rate, long burst, int ipv6PrefixLen, boolean shadow, Key key,
        StoreBackend backend) {
    /** The namespace of a shared backend that names none. */
    public static final String DEFAULT_NAMESPACE = "jpraxis:rate_limit";

    /** A config keyed by the mode alone. */
    public RateLimitConfig(Mode mode, double rate, long burst, int ipv6PrefixLen, boolean shadow) {
        this(mode, rate, burst, ipv6PrefixLen, shadow, null);
    }

    /** A config with its buckets in memory. */
    public RateLimitConfig(Mode mode, double rate, long burst, int ipv6PrefixLen, boolean shadow, Key key) {
        this(mode, rate, burst, ipv6PrefixLen, shadow, key, StoreBackend.MEMORY);
    }

    /** What partitions the budget beside the mode. */
    public enum Key {
        /** One bucket per subject an earlier authentication filter verified ({@code jwt_auth} sub). */
        AUTHENTICATED_SUBJECT
    }

    /** Whose requests share a bucket. */
    public enum Mode {
        /** Every client draws from one bucket. */
        GLOBAL,
        /** Each client address (or IPv6 prefix) has its own bucket. */
        PER_IP
    }
}
