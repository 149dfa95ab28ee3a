package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Admission;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Admitted;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Denied;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Reservation;
import io.jpraxis.ai.tokenratelimit.TokenLedger.Settlement;
import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.KeyMode;
import io.jpraxis.ai.tokenratelimit.TokenRule.Tier;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RequestMetadata;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterGauge;
import io.jpraxis.core.http.ResponseHead;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code token_rate_limit} (see docs/reference/filters/token_rate_limit.md#what-it-does):
 * reserve-then-reconcile. In the request phase the first matching rule's estimate is reserved in
 * its budget (for body strategies the body was read at pre-read, so the decision is taken at
 * request-body end, after the authentication filters ran); a denial is a 429 with the
 * {@code -Tokens} headers in the API's error shape. When the exchange ends, however it ends, the
 * log hook settles the reservation with the cost {@code token_count} reported, or at the estimate
 * when nothing usable was reported, so every reservation is settled exactly once.
 */
public final class TokenRateLimitFilter implements AiApiFilter {
    static final String REASON = "token rate limit exceeded";
    static final String RETRY_AFTER = "retry-after";
    static final String LIMIT = "x-ratelimit-limit-tokens";
    static final String REMAINING = "x-ratelimit-remaining-tokens";
    static final String RESET = "x-ratelimit-reset-tokens";
    static final String META_ID = "token_rate_limit.reservation_id";
    static final String META_KEY = "token_rate_limit.bucket_key";
    static final String META_RULE = "token_rate_limit.rule_index";
    static final String META_ESTIMATE = "token_rate_limit.estimate";
    private static final FilterAction REFUSED = FilterAction.reject(429, REASON);
    private static final FilterAction NO_SUBJECT = FilterAction.reject(401, "authentication required");
    private static final FilterAction BACKEND_DOWN = FilterAction.reject(503, "token rate limit backend unavailable");
    private static final Logger log = LoggerFactory.getLogger(TokenRateLimitFilter.class);
    /** Accounting records: an audit trail, not billing. */
    private static final Logger accounting = LoggerFactory.getLogger("jpraxis.token_rate_limit.accounting");

    private final TokenRateLimitConfig config;
    private final TokenLedger ledger;
    private final Clock clock;
    private final TrlMetrics metrics;
    /** Per instance, so two entries in one pipeline keep their own state. */
    private final Extensions.Key<Pending> pending = new Extensions.Key<>("token_rate_limit", Pending.class);
    private final Extensions.Key<Refusal> refusal = new Extensions.Key<>("token_rate_limit.refusal", Refusal.class);
    private final Extensions.Key<BodyFields> body = new Extensions.Key<>("token_rate_limit.body", BodyFields.class);

    TokenRateLimitFilter(TokenRateLimitConfig config, TokenLedger ledger, Clock clock) {
        this.config = config;
        this.ledger = ledger;
        this.clock = clock;
        this.metrics = new TrlMetrics(config.rules(), ledger);
    }

    @Override
    public String type() {
        return TokenRateLimitFactory.TYPE;
    }

    /** Praxis's YAML shape, for {@code jpraxis dump}. */
    @Override
    public Object config() {
        return ConfigDumpView.of(config);
    }

    /** The typed config. */
    TokenRateLimitConfig settings() {
        return config;
    }

    @Override
    public List<FilterGauge> gauges() {
        return metrics.gauges();
    }

    /** Pre-read: keeps the fields the estimate needs; declared only when some rule reads the body. */
    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk chunk) {
        if (!chunk.endOfStream()) {
            return FilterAction.CONTINUE;
        }
        ctx.extensions().put(body, BodyFields.read(chunk));
        return FilterAction.BODY_DONE;
    }

    /** A remote store answers later; the memory ledger's stages are complete when returned. */
    @Override
    public boolean isAsync() {
        return !(ledger instanceof MemoryLedger);
    }

    /** The memory ledger's path: its stage is already complete, so this never waits. */
    @Override
    public FilterAction onRequest(RequestContext ctx) {
        return onRequestAsync(ctx).toCompletableFuture().join();
    }

    @Override
    public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
        int index = ruleFor(ctx);
        if (index < 0) {
            return CompletableFuture.completedFuture(FilterAction.CONTINUE);
        }
        TokenRule rule = config.rules().get(index);
        stripInjectHeaders(ctx, rule);
        String key;
        if (config.key() == KeyMode.GLOBAL) {
            key = BudgetKeys.GLOBAL;
        } else if (ctx.authenticatedSubject() != null) {
            key = BudgetKeys.ofSubject(ctx.authenticatedSubject());
        } else {
            accounting.debug("phase=admission rule={} result=denied outcome=missing_authenticated_subject", rule.name());
            return CompletableFuture.completedFuture(NO_SUBJECT);
        }
        OptionalLong estimate = Estimator.estimate(rule.estimation(), ctx.extensions().get(body).orElse(BodyFields.NONE),
                ctx);
        if (estimate.isEmpty()) {
            return CompletableFuture.completedFuture(FilterAction.CONTINUE); // nothing to reserve
        }
        long est = estimate.getAsLong();
        CompletionStage<Admission> admission;
        try {
            admission = ledger.reserve(index, key, est, clock.millis());
        } catch (RuntimeException e) {
            admission = CompletableFuture.failedFuture(e);
        }
        return admission.handle((a, error) -> error != null ? backendError(ctx, index, error)
                : decide(ctx, index, rule, est, a));
    }

    private FilterAction decide(RequestContext ctx, int index, TokenRule rule, long estimate, Admission admission) {
        TrlMetrics.RuleMeters m = metrics.rule(index);
        switch (admission) {
            case Admitted a -> {
                m.admitted.increment();
                m.reserved.add(estimate);
                ctx.extensions().put(pending, new Pending(a.id(), estimate, index));
                RequestMetadata md = ctx.metadata();
                md.put(META_ID, Long.toString(a.id().sequence()));
                md.put(META_KEY, a.id().key());
                md.put(META_RULE, Integer.toString(index));
                md.put(META_ESTIMATE, Long.toString(estimate));
                applyTiers(ctx, rule, a.usageAfter(), m);
                accounting.debug("phase=admission rule={} algorithm={} backend={} result=admitted estimate={} "
                        + "outcome=reserved", rule.name(), rule.algorithm().label(), ledger.kind(), estimate);
                return FilterAction.CONTINUE;
            }
            case Denied d -> {
                m.denied.increment();
                ctx.extensions().put(refusal, new Refusal(d.retryAfterMs(), rule.capacity()));
                accounting.debug("phase=admission rule={} algorithm={} backend={} result=denied estimate={} "
                        + "outcome=budget_exhausted reason={}", rule.name(), rule.algorithm().label(), ledger.kind(),
                        estimate, d.reason());
                return REFUSED;
            }
        }
    }

    private FilterAction backendError(RequestContext ctx, int index, Throwable error) {
        metrics.rule(index).backendErrors.increment();
        if (config.backend().failOpen()) {
            log.warn("token_rate_limit: backend {} failed for request {}; admitting (on_backend_error: open): {}",
                    ledger.kind(), ctx.requestId(), error.toString());
            return FilterAction.CONTINUE;
        }
        log.warn("token_rate_limit: backend {} failed for request {}; refusing with 503: {}", ledger.kind(),
                ctx.requestId(), error.toString());
        return BACKEND_DOWN;
    }

    /** The first rule whose header matchers all hold (first value of each, exact); -1 for none. */
    private int ruleFor(RequestContext ctx) {
        List<TokenRule> rules = config.rules();
        for (int i = 0; i < rules.size(); i++) {
            boolean all = true;
            for (Map.Entry<String, String> h : rules.get(i).matchHeaders().entrySet()) {
                if (!h.getValue().equals(ctx.headers().get(h.getKey()))) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return i;
            }
        }
        return -1;
    }

    /** A client may not send what a tier would inject: its copies go, whether a tier fires or not. */
    private static void stripInjectHeaders(RequestContext ctx, TokenRule rule) {
        for (Tier t : rule.tiers()) {
            for (String name : t.headers().keySet()) {
                ctx.headers().remove(name);
            }
        }
    }

    /** Every inject tier at or below the usage fires, in ascending order, so later ones win a shared header. */
    private static void applyTiers(RequestContext ctx, TokenRule rule, long usageAfter, TrlMetrics.RuleMeters m) {
        for (Tier t : rule.tiers()) {
            if (t.deny() || t.capacity() > usageAfter) {
                continue;
            }
            t.headers().forEach((name, value) -> ctx.headers().set(name, value));
            m.tierActivations.get(t.capacity()).increment();
        }
    }

    /** Only on this filter's own 429: the headers say when to retry; never on success. */
    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        Refusal r = ctx.extensions().get(refusal).orElse(null);
        if (r == null || response.status() != 429) {
            return FilterAction.CONTINUE;
        }
        String seconds = Long.toString(Math.max(1, (r.retryAfterMs() + 999) / 1000));
        response.headers().set(RETRY_AFTER, seconds);
        response.headers().set(LIMIT, Long.toString(r.limit()));
        response.headers().set(REMAINING, "0");
        response.headers().set(RESET, seconds);
        return FilterAction.CONTINUE;
    }

    /** Settles the reservation once, when the exchange ended (completed or cut short). */
    @Override
    public void onLog(RequestContext ctx, ExchangeSummary summary) {
        Pending p = ctx.extensions().get(pending).orElse(null);
        if (p == null) {
            return;
        }
        ctx.extensions().remove(pending);
        TokenRule rule = config.rules().get(p.rule());
        OptionalLong cost = ActualCost.of(counts(ctx), rule.weights());
        long actual = cost.orElse(p.estimate());
        TrlMetrics.RuleMeters m = metrics.rule(p.rule());
        CompletionStage<Settlement> settled;
        try {
            settled = ledger.settle(p.id(), actual, clock.millis());
        } catch (RuntimeException e) {
            settled = CompletableFuture.failedFuture(e);
        }
        settled.whenComplete((s, error) -> {
            if (error != null) {
                m.backendErrors.increment();
                log.warn("token_rate_limit: settling a reservation of rule {} failed: {}", rule.name(), error.toString());
                return;
            }
            if (s.applied()) {
                m.reconciled.add(actual);
                m.refunded.add(s.refund());
                m.overage.add(s.overage());
                m.settledReservations.increment();
            }
            accounting.debug("phase=reconcile rule={} algorithm={} backend={} estimate={} actual={} known={} refund={} "
                    + "overage={} applied={}", rule.name(), rule.algorithm().label(), ledger.kind(), p.estimate(), actual,
                    cost.isPresent(), s.refund(), s.overage(), s.applied());
        });
        RequestMetadata md = ctx.metadata();
        md.remove(META_ID);
        md.remove(META_KEY);
        md.remove(META_RULE);
        md.remove(META_ESTIMATE);
    }

    /**
     * The reported usage: the {@code token.*} metadata of a body that ended, else what
     * {@code token_count} counted of a stream cut short, which still reconciles with what was
     * counted (see docs/reference/filters/token_rate_limit.md#reconciliation).
     */
    private static ActualCost.Counts counts(RequestContext ctx) {
        ActualCost.Counts fromMetadata = ActualCost.fromMetadata(ctx.metadata());
        if (fromMetadata != null) {
            return fromMetadata;
        }
        return ctx.extensions().get(GenAiExchange.KEY).flatMap(GenAiExchange::usage).map(ActualCost.Counts::of)
                .orElse(null);
    }

    /** An admitted request's reservation. */
    private record Pending(Reservation id, long estimate, int rule) {
    }

    /** A denial, for the response hook's headers. */
    private record Refusal(long retryAfterMs, long limit) {
    }
}
