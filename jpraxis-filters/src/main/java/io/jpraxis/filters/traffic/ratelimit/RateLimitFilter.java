package io.jpraxis.filters.traffic.ratelimit;

import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterGauge;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.store.SharedStore;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
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
 *
 * <p>With a shared store as its backend the buckets live there ({@link SharedBuckets}; see
 * docs/behaviour/shared-state.md#rate_limit), so every replica draws from the same ones; the call
 * is asynchronous, and a store error fails the request closed with 503 unless {@code
 * on_backend_error: open} admits it (logged and counted).
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
    /** The shared store failed and the filter fails closed. */
    static final String STORE_REASON = "rate limit store unavailable";
    private static final FilterAction STORE_DOWN = FilterAction.reject(503, STORE_REASON);
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final Logger log = LoggerFactory.getLogger(RateLimitFilter.class);

    private final RateLimitConfig config;
    private final Clock clock;
    private final Instant epoch;
    private final Buckets buckets;
    /** Null unless the backend is a shared store. */
    private final SharedBuckets shared;
    private final String limit;
    /** Per-instance, so two rate_limit entries in one pipeline keep their own verdicts. */
    private final Extensions.Key<Admission> admission = new Extensions.Key<>("rate_limit", Admission.class);
    private final LongAdder refused = new LongAdder();
    private final LongAdder shadowRefused = new LongAdder();
    private final LongAdder storeErrors = new LongAdder();
    private final LongAdder failOpenAdmissions = new LongAdder();
    private final List<FilterGauge> gauges;

    public RateLimitFilter(RateLimitConfig config, Clock clock) {
        this(config, clock, ClientBuckets.MAX_KEYS, null);
    }

    /** A filter whose buckets live in {@code store} (null: in memory). */
    public RateLimitFilter(RateLimitConfig config, Clock clock, SharedStore store) {
        this(config, clock, ClientBuckets.MAX_KEYS, store);
    }

    /** A filter whose per-client table holds {@code maxClients} keys (tests use small tables). */
    RateLimitFilter(RateLimitConfig config, Clock clock, int maxClients) {
        this(config, clock, maxClients, null);
    }

    private RateLimitFilter(RateLimitConfig config, Clock clock, int maxClients, SharedStore store) {
        this.config = config;
        this.shared = store == null ? null
                : new SharedBuckets(store, config.backend().namespace(), config.rate(), config.burst());
        this.clock = clock;
        this.epoch = clock.instant();
        BucketShape shape = BucketShape.of(config.rate(), config.burst());
        this.buckets = switch (config.mode()) {
            case GLOBAL -> config.key() == null ? new Buckets.Shared(new TokenBucket(shape, 0))
                    : new ClientBuckets(shape, maxClients);
            case PER_IP -> new ClientBuckets(shape, maxClients);
        };
        this.limit = Long.toString(config.burst());
        this.gauges = storeGauges();
    }

    @Override
    public String type() {
        return RateLimitFactory.TYPE;
    }

    /** The config in YAML shape, for {@code dump}: the store's URL without its password. */
    @Override
    public Map<String, Object> config() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mode", config.mode().name().toLowerCase(Locale.ROOT));
        out.put("rate", config.rate());
        out.put("burst", config.burst());
        if (config.mode() == RateLimitConfig.Mode.PER_IP) {
            out.put("ipv6_prefix_len", config.ipv6PrefixLen());
        }
        out.put("shadow", config.shadow());
        if (config.key() != null) {
            out.put("key", config.key().name().toLowerCase(Locale.ROOT));
        }
        if (shared != null) {
            out.put("backend", Map.of("kind", "valkey", "url", shared.store().describe(), "namespace",
                    config.backend().namespace()));
            out.put("on_backend_error", config.backend().failOpen() ? "open" : "closed");
        }
        return out;
    }

    /** The typed config this filter was built from. */
    RateLimitConfig rateLimitConfig() {
        return config;
    }

    /** With a shared store: its failures and the requests admitted in spite of them (on_backend_error: open). */
    @Override
    public List<FilterGauge> gauges() {
        return gauges;
    }

    /** Built once: the registry holds a counter's supplier weakly, so the filter must keep it. */
    private List<FilterGauge> storeGauges() {
        if (shared == null) {
            return List.of();
        }
        Map<String, String> tags = Map.of("store", shared.store().describe());
        return List.of(FilterGauge.counter("jpraxis.rate_limit.store.errors", "rate_limit store calls that failed",
                        tags, storeErrors::sum),
                FilterGauge.counter("jpraxis.rate_limit.store.fail_open_admissions", "Requests rate_limit admitted "
                        + "while its store failed (on_backend_error: open)", tags, failOpenAdmissions::sum));
    }

    @Override
    public boolean isAsync() {
        return shared != null;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        long now = now();
        KeyChoice choice = keyFor(ctx);
        if (choice.refusal() != null) {
            return choice.refusal();
        }
        TokenBucket bucket = buckets.bucketFor(choice.key(), now);
        boolean allowed = bucket != null && bucket.tryAcquire(now);
        return verdict(ctx, allowed, new Admission.InMemory(bucket, !allowed));
    }

    /** The shared-store path: one atomic call, never blocking the event loop. */
    @Override
    public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
        KeyChoice choice = keyFor(ctx);
        if (choice.refusal() != null) {
            return CompletableFuture.completedFuture(choice.refusal());
        }
        return shared.take(choice.key()).handle((taken, error) -> {
            if (error == null) {
                return verdict(ctx, taken.allowed(), new Admission.Shared(taken, !taken.allowed()));
            }
            storeErrors.increment();
            if (config.backend().failOpen()) {
                failOpenAdmissions.increment();
                log.warn("rate_limit: store {} failed ({}); admitting request {} (on_backend_error: open)",
                        shared.store().describe(), error.getMessage(), ctx.requestId());
                return FilterAction.CONTINUE;
            }
            log.warn("rate_limit: store {} failed ({}); refusing request {} with 503", shared.store().describe(),
                    error.getMessage(), ctx.requestId());
            return STORE_DOWN;
        });
    }

    /** The bucket key of the request, or the refusal a request without one gets. */
    private KeyChoice keyFor(RequestContext ctx) {
        if (config.key() == null) {
            return new KeyChoice(config.mode() == RateLimitConfig.Mode.PER_IP
                    ? ClientKey.of(ctx.clientAddress(), config.ipv6PrefixLen()) : null, null);
        }
        if (ctx.authenticatedSubject() != null) {
            return new KeyChoice(ClientKey.ofSubject(ctx.authenticatedSubject()), null);
        }
        // Keyed by subject but none verified: an authentication filter is missing before this one.
        log.debug("rate_limit: request {} has no authenticated subject", ctx.requestId());
        return new KeyChoice(null, config.shadow() ? FilterAction.CONTINUE : NO_SUBJECT);
    }

    private FilterAction verdict(RequestContext ctx, boolean allowed, Admission admitted) {
        if (config.shadow()) {
            if (!allowed) {
                shadowRefused.increment();
                log.debug("rate_limit (shadow): would refuse request {} from {}", ctx.requestId(), ctx.clientAddress());
            }
            return FilterAction.CONTINUE;
        }
        ctx.extensions().put(admission, admitted);
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
            return FilterAction.CONTINUE; // shadow mode, or admitted open while the store failed
        }
        long remaining;
        long waitMs;
        long nowMs;
        switch (verdict) {
            case Admission.InMemory m -> {
                long now = now();
                remaining = m.bucket() == null ? 0 : m.bucket().remaining(now);
                waitMs = waitMillis(m.bucket(), now);
                nowMs = clock.millis();
            }
            case Admission.Shared sh -> {
                remaining = sh.taken().remaining();
                waitMs = sh.taken().waitMs();
                nowMs = sh.taken().nowMs();
            }
        }
        response.headers().set(LIMIT, limit);
        response.headers().set(REMAINING, Long.toString(remaining));
        // A Unix time in seconds, as Praxis sends it (see docs/reference/filters/rate_limit.md#what-it-publishes).
        response.headers().set(RESET, Long.toString(Math.ceilDiv(nowMs + waitMs, 1000L)));
        if (verdict.refused()) {
            response.headers().set(RETRY_AFTER, Long.toString(Math.max(1, Math.ceilDiv(waitMs, 1000L))));
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
     * Milliseconds until a token is available, rounded up. Without a bucket (the client table was
     * full) that is when the next sweep may free a slot.
     */
    private static long waitMillis(TokenBucket bucket, long now) {
        long wait = bucket == null ? ClientBuckets.SWEEP_INTERVAL_NANOS : bucket.nanosUntilToken(now);
        return Math.ceilDiv(wait, 1_000_000L);
    }

    /** Store calls that failed so far. */
    long storeErrorCount() {
        return storeErrors.sum();
    }

    /** Requests admitted while the store failed ({@code on_backend_error: open}). */
    long failOpenCount() {
        return failOpenAdmissions.sum();
    }

    /** Nanoseconds since this filter was built, on the runtime clock. */
    private long now() {
        Instant t = clock.instant();
        return (t.getEpochSecond() - epoch.getEpochSecond()) * NANOS_PER_SECOND + (t.getNano() - epoch.getNano());
    }

    /** What the request hook decided, for the response hook's headers. */
    private sealed interface Admission {
        boolean refused();

        /** A bucket of this process, read again when the headers are written. */
        record InMemory(TokenBucket bucket, boolean refused) implements Admission {
        }

        /** The shared store's reply, as it was when the token was taken. */
        record Shared(SharedBuckets.Taken taken, boolean refused) implements Admission {
        }
    }

    /** A bucket key (null: the global bucket), or the refusal of a request that has none. */
    private record KeyChoice(ClientKey key, FilterAction refusal) {
    }
}
