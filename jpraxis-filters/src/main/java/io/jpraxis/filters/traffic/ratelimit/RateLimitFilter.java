package io.jpraxis.filters.traffic.ratelimit;

import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Token-bucket rate limiting (see docs/reference/filters/rate_limit.md#what-it-does): a request
 * takes one token from the global bucket or from its client's; without one it is refused with 429.
 * The {@code X-RateLimit-*} headers go on the 429 and on every response to a request the filter let
 * through (non-negative integers, the reset in whole seconds until a token is available; see
 * docs/behaviour/ordering-checks.md#security-class-filters); the 429 also carries {@code
 * Retry-After} (RFC 6585 section 4).
 *
 * <p>The client is the connection's peer address: a forwarding header says what a client claims
 * and would let it pick its own bucket. In {@code shadow} mode nothing is refused and no header
 * is added: requests that would have been refused are counted and logged, so a limit can be
 * tried on live traffic without clients noticing.
 *
 * <p>Time comes from the runtime clock (the wall clock in production, so tests can steer it). A
 * clock stepped backwards only delays refill by the step; a bucket never goes below empty.
 */
public final class RateLimitFilter implements HttpFilter {
    /** Client-facing reason of the 429. */
    public static final String REASON = "rate limit exceeded";
    static final String LIMIT = "x-ratelimit-limit";
    static final String REMAINING = "x-ratelimit-remaining";
    static final String RESET = "x-ratelimit-reset";
    static final String RETRY_AFTER = "retry-after";
    private static final FilterAction REFUSED = FilterAction.reject(429, REASON);
    /** {@code key: authenticated_subject} without a verified subject: no rate-limit headers. */
    private static final FilterAction NO_SUBJECT = FilterAction.reject(401, "authentication required");
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final Logger log = LoggerFactory.getLogger(RateLimitFilter.class);

    private final RateLimitConfig config;
    private final Clock clock;
    private final Instant epoch;
    private final Buckets buckets;
    private final String limit;
    /** Per-instance, so two rate_limit entries in one pipeline keep their own verdicts. */
    private final Extensions.Key<Admission> admission = new Extensions.Key<>("rate_limit", Admission.class);
    private final LongAdder refused = new LongAdder();
    private final LongAdder shadowRefused = new LongAdder();

    public RateLimitFilter(RateLimitConfig config, Clock clock) {
        this(config, clock, ClientBuckets.MAX_KEYS);
    }

    /** A filter whose per-client table holds {@code maxClients} keys (tests use small tables). */
    RateLimitFilter(RateLimitConfig config, Clock clock, int maxClients) {
        this.config = config;
        this.clock = clock;
        this.epoch = clock.instant();
        BucketShape shape = BucketShape.of(config.rate(), config.burst());
        this.buckets = switch (config.mode()) {
            case GLOBAL -> config.key() == null ? new Buckets.Shared(new TokenBucket(shape, 0))
                    : new ClientBuckets(shape, maxClients);
            case PER_IP -> new ClientBuckets(shape, maxClients);
        };
        this.limit = Long.toString(config.burst());
    }

    @Override
    public String type() {
        return RateLimitFactory.TYPE;
    }

    @Override
    public RateLimitConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        long now = now();
        ClientKey key;
        if (config.key() == null) {
            key = config.mode() == RateLimitConfig.Mode.PER_IP ? ClientKey.of(ctx.clientAddress(), config.ipv6PrefixLen())
                    : null;
        } else if (ctx.authenticatedSubject() != null) {
            key = ClientKey.ofSubject(ctx.authenticatedSubject());
        } else {
            // Keyed by subject but none verified: an authentication filter is missing before this one.
            log.debug("rate_limit: request {} has no authenticated subject", ctx.requestId());
            return config.shadow() ? FilterAction.CONTINUE : NO_SUBJECT;
        }
        TokenBucket bucket = buckets.bucketFor(key, now);
        boolean allowed = bucket != null && bucket.tryAcquire(now);
        if (config.shadow()) {
            if (!allowed) {
                shadowRefused.increment();
                log.debug("rate_limit (shadow): would refuse request {} from {}", ctx.requestId(), ctx.clientAddress());
            }
            return FilterAction.CONTINUE;
        }
        ctx.extensions().put(admission, new Admission(bucket, !allowed));
        if (allowed) {
            return FilterAction.CONTINUE;
        }
        refused.increment();
        log.debug("rate_limit: refusing request {} from {} with 429", ctx.requestId(), ctx.clientAddress());
        return REFUSED;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        Admission verdict = ctx.extensions().get(admission).orElse(null);
        if (verdict == null) {
            return FilterAction.CONTINUE; // shadow mode
        }
        long now = now();
        long remaining = verdict.bucket() == null ? 0 : verdict.bucket().remaining(now);
        long reset = resetSeconds(verdict.bucket(), now);
        response.headers().set(LIMIT, limit);
        response.headers().set(REMAINING, Long.toString(remaining));
        response.headers().set(RESET, Long.toString(reset));
        if (verdict.refused()) {
            response.headers().set(RETRY_AFTER, Long.toString(Math.max(1, reset)));
        }
        return FilterAction.CONTINUE;
    }

    /** Requests refused with 429 so far. */
    long refusedCount() {
        return refused.sum();
    }

    /** Requests shadow mode would have refused so far. */
    long shadowRefusedCount() {
        return shadowRefused.sum();
    }

    /** Clients in the per-client table (0 in global mode). */
    int trackedClients() {
        return buckets instanceof ClientBuckets table ? table.size() : 0;
    }

    /**
     * Whole seconds until a token is available, rounded up. Without a bucket (the client table was
     * full) that is when the next sweep may free a slot.
     */
    private static long resetSeconds(TokenBucket bucket, long now) {
        long wait = bucket == null ? ClientBuckets.SWEEP_INTERVAL_NANOS : bucket.nanosUntilToken(now);
        return (wait + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND;
    }

    /** Nanoseconds since this filter was built, on the runtime clock. */
    private long now() {
        Instant t = clock.instant();
        return (t.getEpochSecond() - epoch.getEpochSecond()) * NANOS_PER_SECOND + (t.getNano() - epoch.getNano());
    }

    /** What the request hook decided, for the response hook's headers. */
    private record Admission(TokenBucket bucket, boolean refused) {
    }
}
