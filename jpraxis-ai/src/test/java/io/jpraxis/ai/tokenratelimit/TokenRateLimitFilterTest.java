package io.jpraxis.ai.tokenratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.config.model.StoreBackend;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.TokenUsage;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterGauge;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** The filter's request, response and log hooks (docs/reference/filters/token_rate_limit.md#what-it-does). */
class TokenRateLimitFilterTest {
    private static final ExchangeSummary DONE = new ExchangeSummary(200, 0, 0, 0, true);

    /** A clock the test moves. */
    static final class HandClock extends Clock {
        long millis = 1_700_000_000_000L;

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    private final HandClock clock = new HandClock();

    private TokenRateLimitFilter filter(String yaml) {
        return filter(yaml, MemoryLedger.MAX_KEYS);
    }

    private TokenRateLimitFilter filter(String yaml, int maxKeys) {
        TokenRateLimitConfig c = ((TokenRateLimitFilter) AiFixtures.build(new TokenRateLimitFactory(), yaml).accepted())
                .settings();
        return new TokenRateLimitFilter(c, new MemoryLedger(c.rules(), maxKeys, MemoryLedger.MAX_ACTIVE), clock);
    }

    private static FilterAction run(TokenRateLimitFilter f, RequestContext ctx) {
        return f.onRequestAsync(ctx).toCompletableFuture().join();
    }

    private static ResponseHead answer(TokenRateLimitFilter f, RequestContext ctx, int status) {
        ResponseHead head = new ResponseHead(status, new HeaderMap(), true);
        f.onResponse(ctx, head);
        return head;
    }

    private static void usage(RequestContext ctx, long input, long output) {
        ctx.metadata().put("token.input", Long.toString(input));
        ctx.metadata().put("token.output", Long.toString(output));
        ctx.metadata().put("token.total", Long.toString(input + output));
    }

    private static double meter(TokenRateLimitFilter f, String name, Map<String, String> tags) {
        return f.gauges().stream().filter(g -> g.name().equals(name) && g.tags().equals(tags)).findFirst()
                .map(FilterGauge::value).orElseThrow().getAsDouble();
    }

    private static final String TWO_RULES = """
        rules:
          - name: premium
            match: {headers: {X-Tier: Premium}}
            algorithm: sliding_window
            window: 1m
            capacity: 100
            reserved_tokens: 60
          - name: rest
            algorithm: sliding_window
            window: 1m
            capacity: 100
            reserved_tokens: 60
        """;

    @Test
    void theFirstMatchingRuleIsChargedAndHeaderNamesIgnoreCaseButValuesDoNot() {
        TokenRateLimitFilter f = filter(TWO_RULES);
        RequestContext premium = AiFixtures.request("/v1/chat/completions", "x-tier", "Premium");
        assertThat(run(f, premium)).isEqualTo(FilterAction.CONTINUE);
        assertThat(premium.metadata().get("token_rate_limit.rule_index")).isEqualTo("0");
        assertThat(run(f, AiFixtures.request("/v1/chat/completions", "X-Tier", "premium")))
                .as("value case matters: the second rule takes it").isEqualTo(FilterAction.CONTINUE);
        assertThat(meter(f, "praxis.trl.requests", Map.of("rule", "premium", "result", "admitted"))).isEqualTo(1);
        assertThat(meter(f, "praxis.trl.requests", Map.of("rule", "rest", "result", "admitted"))).isEqualTo(1);
        assertThat(run(f, AiFixtures.request("/v1/chat/completions", "X-TIER", "Premium")))
                .as("60 + 60 > 100 in premium").isInstanceOf(FilterAction.Reject.class);
    }

    @Test
    void aDenialIsA429WithTheTokensHeadersAndSuccessCarriesNone() {
        TokenRateLimitFilter f = filter(TWO_RULES);
        RequestContext first = AiFixtures.request("/v1/chat/completions");
        run(f, first);
        assertThat(answer(f, first, 200).headers().get("x-ratelimit-limit-tokens")).as("never on success").isNull();
        RequestContext second = AiFixtures.request("/v1/chat/completions");
        assertThat(run(f, second)).isEqualTo(FilterAction.reject(429, TokenRateLimitFilter.REASON));
        HeaderMap h = answer(f, second, 429).headers();
        assertThat(h.get("retry-after")).as("the reservation timeout, 30 s").isEqualTo("30");
        assertThat(h.get("x-ratelimit-reset-tokens")).as("delta seconds").isEqualTo("30");
        assertThat(h.get("x-ratelimit-limit-tokens")).isEqualTo("100");
        assertThat(h.get("x-ratelimit-remaining-tokens")).isEqualTo("0");
    }

    @Test
    void theKeyCapDeniesWithRetryAfterOne() {
        TokenRateLimitFilter f = filter("""
            key: authenticated_subject
            rules: [{name: r, algorithm: sliding_window, window: 1m, capacity: 100, reserved_tokens: 1}]
            """, 1);
        RequestContext alice = AiFixtures.request("/v1/chat/completions");
        alice.authenticatedSubject("alice");
        assertThat(run(f, alice)).isEqualTo(FilterAction.CONTINUE);
        assertThat(alice.metadata().get("token_rate_limit.bucket_key")).as("hashed, never the subject")
                .startsWith("subject:v1:").doesNotContain("alice").hasSize("subject:v1:".length() + 43);
        RequestContext bob = AiFixtures.request("/v1/chat/completions");
        bob.authenticatedSubject("bob");
        assertThat(run(f, bob)).isInstanceOf(FilterAction.Reject.class);
        assertThat(answer(f, bob, 429).headers().get("retry-after")).isEqualTo("1");
    }

    @Test
    void aSubjectKeyedRuleWithoutASubjectIs401WithoutRateLimitHeaders() {
        TokenRateLimitFilter f = filter("""
            key: authenticated_subject
            rules: [{name: r, algorithm: sliding_window, window: 1m, capacity: 100, reserved_tokens: 1}]
            """);
        RequestContext anonymous = AiFixtures.request("/v1/chat/completions");
        FilterAction a = run(f, anonymous);
        assertThat(a).isInstanceOf(FilterAction.Reject.class);
        assertThat(((FilterAction.Reject) a).status()).isEqualTo(401);
        assertThat(answer(f, anonymous, 401).headers().get("retry-after")).isNull();
    }

    @Test
    void theLogHookSettlesWithTheReportedUsageOnceAndAtTheEstimateWhenNoneCame() {
        TokenRateLimitFilter f = filter("""
            rules: [{name: r, algorithm: sliding_window, window: 1m, capacity: 100, reserved_tokens: 60}]
            """);
        RequestContext counted = AiFixtures.request("/v1/chat/completions");
        run(f, counted);
        usage(counted, 10, 5);
        f.onLog(counted, DONE);
        f.onLog(counted, DONE);
        assertThat(counted.metadata().get("token_rate_limit.reservation_id")).as("removed once settled").isNull();
        assertThat(meter(f, "praxis.trl.tokens.refunded", Map.of("rule", "r"))).isEqualTo(45);
        assertThat(meter(f, "praxis.trl.tokens.reconciled", Map.of("rule", "r"))).isEqualTo(15);
        assertThat(meter(f, "praxis.ai.token_rate_limit.reservations", Map.of("rule", "r", "result", "reconciled")))
                .as("exactly once").isEqualTo(1);

        RequestContext streamed = AiFixtures.request("/v1/chat/completions");
        assertThat(run(f, streamed)).as("15 + 60 fits").isEqualTo(FilterAction.CONTINUE);
        f.onLog(streamed, new ExchangeSummary(200, 0, 0, 0, false)); // a stream without usage, cut short
        assertThat(meter(f, "praxis.trl.tokens.reconciled", Map.of("rule", "r"))).as("charged at 60").isEqualTo(75);
        assertThat(run(f, AiFixtures.request("/v1/chat/completions"))).as("15 + 60 + 60 > 100")
                .isInstanceOf(FilterAction.Reject.class);
    }

    @Test
    void aClientsCopyOfAnInjectHeaderIsStrippedAndTiersFireFromUsage() {
        TokenRateLimitFilter f = filter("""
            rules:
              - name: r
                algorithm: sliding_window
                window: 1m
                capacity: 100
                reserved_tokens: 30
                tiers:
                  - {capacity: 50, action: {type: inject, headers: {X-Budget: low, X-Slow: "1"}}}
                  - {capacity: 80, action: {type: inject, headers: {X-Budget: critical}}}
                  - {capacity: 100, action: {type: deny}}
            """);
        RequestContext spoof = AiFixtures.request("/v1/chat/completions", "X-Budget", "critical");
        run(f, spoof);
        assertThat(spoof.headers().get("x-budget")).as("usage 30: below every tier, the client's copy gone").isNull();
        RequestContext second = AiFixtures.request("/v1/chat/completions");
        run(f, second);
        assertThat(second.headers().get("x-budget")).isEqualTo("low");
        RequestContext third = AiFixtures.request("/v1/chat/completions");
        run(f, third);
        assertThat(third.headers().get("x-budget")).as("usage 90: the later tier wins").isEqualTo("critical");
        assertThat(third.headers().get("x-slow")).isEqualTo("1");
        assertThat(meter(f, "praxis.ai.token_rate_limit.soft_tier_activations", Map.of("rule", "r", "capacity", "50")))
                .isEqualTo(2);
    }

    @Test
    void aBodyStrategyReadsThePreReadBodyAndWithoutAValueReservesNothing() {
        TokenRateLimitFilter f = filter("""
            rules: [{name: r, algorithm: token_bucket, capacity: 100, refill_rate: 1, estimation: {strategy: max_tokens}}]
            """);
        RequestContext big = AiFixtures.request("/v1/chat/completions");
        f.onRequestBody(big, BodyChunk.of("{\"max_tokens\":101}".getBytes(StandardCharsets.UTF_8), true));
        assertThat(run(f, big)).as("an estimate above capacity is never admitted").isInstanceOf(FilterAction.Reject.class);
        RequestContext none = AiFixtures.request("/v1/chat/completions");
        f.onRequestBody(none, BodyChunk.of("{}".getBytes(StandardCharsets.UTF_8), true));
        assertThat(run(f, none)).isEqualTo(FilterAction.CONTINUE);
        assertThat(none.metadata().get("token_rate_limit.reservation_id")).isNull();
        RequestContext fits = AiFixtures.request("/v1/chat/completions");
        f.onRequestBody(fits, BodyChunk.of("{\"max_tokens\":100}".getBytes(StandardCharsets.UTF_8), true));
        assertThat(run(f, fits)).isEqualTo(FilterAction.CONTINUE);
        assertThat(run(f, big)).isInstanceOf(FilterAction.Reject.class);
        clock.millis += 5_000;
        f.onLog(fits, DONE); // nothing reported: the estimate stands
        assertThat(meter(f, "praxis.trl.budget.remaining", Map.of("rule", "r", "algorithm", "token_bucket")))
                .isEqualTo(5);
    }

    @Test
    void aStreamCutShortIsSettledWithWhatTokenCountCountedSoFar() {
        TokenRateLimitFilter f = filter("""
            rules: [{name: r, algorithm: sliding_window, window: 1m, capacity: 100, reserved_tokens: 60}]
            """);
        RequestContext cut = AiFixtures.request("/v1/chat/completions");
        run(f, cut);
        GenAiExchange.of(cut).usage(TokenUsage.of(13, 2, 15)); // the usage event arrived, the body end did not
        f.onLog(cut, new ExchangeSummary(200, 0, 0, 0, false));
        assertThat(meter(f, "praxis.trl.tokens.reconciled", Map.of("rule", "r"))).isEqualTo(15);
        assertThat(meter(f, "praxis.trl.tokens.refunded", Map.of("rule", "r"))).isEqualTo(45);
    }

    @Test
    void aFailingStoreIs503ClosedOrAdmitsWhenOpen() {
        TokenRateLimitConfig closed = ((TokenRateLimitFilter) AiFixtures.build(new TokenRateLimitFactory(), """
            rules: [{name: r, algorithm: sliding_window, window: 1m, capacity: 100, reserved_tokens: 1}]
            """).accepted()).settings();
        TokenRateLimitFilter failing = new TokenRateLimitFilter(closed, new Unreachable(), clock);
        assertThat(failing.isAsync()).as("a remote store answers later").isTrue();
        FilterAction refused = run(failing, AiFixtures.request("/v1/chat/completions"));
        assertThat(refused).isInstanceOf(FilterAction.Reject.class);
        assertThat(((FilterAction.Reject) refused).status()).isEqualTo(503);
        assertThat(meter(failing, "praxis.trl.backend.errors", Map.of("rule", "r", "backend", "valkey"))).isEqualTo(1);

        TokenRateLimitConfig open = new TokenRateLimitConfig(closed.rules(), closed.key(),
                new StoreBackend(StoreBackend.Kind.VALKEY, "redis://127.0.0.1:6379", "ns", true), closed.defaultWeights());
        assertThat(run(new TokenRateLimitFilter(open, new Unreachable(), clock),
                AiFixtures.request("/v1/chat/completions"))).isEqualTo(FilterAction.CONTINUE);
    }

    /** A store that is down: every call fails, as a remote one would. */
    private static final class Unreachable implements TokenLedger {
        @Override
        public CompletionStage<Admission> reserve(int rule, String key, long estimate, long nowMs) {
            return CompletableFuture.failedFuture(new IllegalStateException("connection refused"));
        }

        @Override
        public CompletionStage<Settlement> settle(Reservation id, long actual, long nowMs) {
            return CompletableFuture.failedFuture(new IllegalStateException("connection refused"));
        }

        @Override
        public RuleSnapshot snapshot(int rule) {
            return new RuleSnapshot(0, 0, 0, 0);
        }

        @Override
        public String kind() {
            return "valkey";
        }
    }
}
