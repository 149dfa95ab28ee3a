package io.jpraxis.filters.traffic.ratelimit;

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
 */
public record RateLimitConfig(Mode mode, double rate, long burst, int ipv6PrefixLen, boolean shadow) {

    /** Whose requests share a bucket. */
    public enum Mode {
        /** Every client draws from one bucket. */
        GLOBAL,
        /** Each client address (or IPv6 prefix) has its own bucket. */
        PER_IP
    }
}
