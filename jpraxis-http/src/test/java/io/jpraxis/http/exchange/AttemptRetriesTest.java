package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.RetryCondition;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.Reselector;
import io.jpraxis.core.upstream.RetryTokens;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.upstream.UpstreamFailure;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AttemptRetriesTest {
    private static final RetryPolicyConfig TWO = RetryPolicyConfig.configured(2, 1024, false);

    @Test
    void onlyIdempotentMethodsAreRetriedByDefault() {
        for (String method : new String[] {"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"}) {
            assertThat(new AttemptRetries(TWO, method).mayRetry(UpstreamFailure.CONNECT_REFUSED, true))
                    .as("RFC 9110 9.2.2: %s is idempotent", method).isTrue();
        }
        for (String method : new String[] {"POST", "PATCH", "CONNECT"}) {
            AttemptRetries budget = new AttemptRetries(TWO, method);
            assertThat(budget.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).as(method).isFalse();
            assertThat(budget.replayLimitBytes()).as("nothing is kept for a request never retried").isNegative();
        }
        AttemptRetries allowed = new AttemptRetries(RetryPolicyConfig.configured(2, 1024, true), "POST");
        assertThat(allowed.mayRetry(UpstreamFailure.CONNECT_REFUSED, true))
                .as("allow_non_idempotent").isTrue();
        assertThat(allowed.replayLimitBytes()).isEqualTo(1024);
    }

    @Test
    void anUnprocessedStreamIsSentAgainWhateverTheMethodOnClustersThatMaySpeakHttp2() {
        AttemptRetries h2Post = new AttemptRetries(TWO, "POST", true);
        assertThat(h2Post.replayLimitBytes()).as("the body is kept in case a stream is refused").isEqualTo(1024);
        assertThat(h2Post.mayRetryStale(UpstreamFailure.REFUSED_STREAM, true)).isTrue();
        assertThat(h2Post.mayRetryStale(UpstreamFailure.RESET, true)).as("a reset POST may have been processed")
                .isFalse();
        assertThat(h2Post.mayRetryStale(UpstreamFailure.REFUSED_STREAM, false)).as("not without the body").isFalse();
        h2Post.spendStale();
        assertThat(h2Post.mayRetryStale(UpstreamFailure.REFUSED_STREAM, true)).as("once").isFalse();
        assertThat(new AttemptRetries(TWO, "POST").mayRetryStale(UpstreamFailure.REFUSED_STREAM, true))
                .as("an HTTP/1.1-only cluster never sees a refused stream").isFalse();
    }

    @Test
    void theDefaultConditionsRetryConnectFailuresOnly() {
        AttemptRetries budget = new AttemptRetries(TWO, "GET");
        assertThat(budget.mayRetry(UpstreamFailure.CONNECT_TIMEOUT, true)).isTrue();
        assertThat(budget.mayRetry(UpstreamFailure.CONNECT_FAILED, true)).as("DNS failure").isTrue();
        assertThat(budget.mayRetry(UpstreamFailure.PRIVATE_ADDRESS_REFUSED, true)).isFalse();
        assertThat(budget.mayRetry(UpstreamFailure.TLS_HANDSHAKE_FAILED, true))
                .as("a failed handshake is a connect failure").isTrue();
        assertThat(budget.mayRetry(UpstreamFailure.READ_TIMEOUT, true)).as("a reset, not listed").isFalse();
        assertThat(budget.mayRetry(UpstreamFailure.CONNECT_REFUSED, false))
                .as("a body no longer kept cannot be replayed").isFalse();
    }

    @Test
    void connectRetriesStopAtMaxRetriesAndFallBackToTheSameEndpoint() {
        ClusterState state = TestCluster.named("c").endpoint("127.0.0.1", 1).state();
        UpstreamTarget target = new UpstreamTarget(state, state.endpoints().getFirst(), Reselector.NONE);
        AttemptRetries budget = new AttemptRetries(TWO, "GET");
        for (int i = 0; i < 2; i++) {
            assertThat(budget.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).isTrue();
            assertThat(budget.retry(target).endpointState())
                    .as("nothing else to pick: the same endpoint again").isSameAs(target.endpointState());
        }
        assertThat(budget.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).as("max_retries 2 spent").isFalse();
    }

    @Test
    void staleConnectionIsRetriedOnce() {
        AttemptRetries budget = new AttemptRetries(TWO, "GET");
        assertThat(budget.mayRetryStale(UpstreamFailure.PREMATURE_CLOSE, true)).isTrue();
        assertThat(budget.mayRetryStale(UpstreamFailure.READ_TIMEOUT, true)).as("the origin got the request").isFalse();
        budget.spendStale();
        assertThat(budget.mayRetryStale(UpstreamFailure.RESET, true)).isFalse();
    }

    @Test
    void eachConditionCoversItsFailuresOnly() {
        RetryPolicyConfig resets = policy(List.of(RetryCondition.RESET), List.of());
        AttemptRetries retries = new AttemptRetries(resets, "GET");
        assertThat(retries.mayRetry(UpstreamFailure.PREMATURE_CLOSE, true)).isTrue();
        assertThat(retries.mayRetry(UpstreamFailure.READ_TIMEOUT, true)).as("a timeout is a reset").isTrue();
        assertThat(retries.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).as("connect_failure not listed").isFalse();
        assertThat(retries.mayRetry(UpstreamFailure.PROTOCOL_ERROR, true)).as("never retried").isFalse();
        AttemptRetries refused = new AttemptRetries(policy(List.of(RetryCondition.REFUSED_STREAM), List.of()), "GET");
        assertThat(refused.mayRetry(UpstreamFailure.REFUSED_STREAM, true)).isTrue();
        assertThat(refused.mayRetry(UpstreamFailure.RESET, true)).isFalse();
    }

    @Test
    void statusesAreRetriedWhenListedOrUnderStatus5xx() {
        AttemptRetries fiveXx = new AttemptRetries(policy(List.of(RetryCondition.STATUS_5XX), List.of()), "GET");
        assertThat(fiveXx.judgesStatus()).isTrue();
        assertThat(fiveXx.mayRetryStatus(599, true)).isTrue();
        assertThat(fiveXx.mayRetryStatus(429, true)).as("not a 5xx, not listed").isFalse();
        AttemptRetries listed = new AttemptRetries(policy(List.of(RetryCondition.CONNECT_FAILURE), List.of(429)), "GET");
        assertThat(listed.mayRetryStatus(429, true)).isTrue();
        assertThat(listed.mayRetryStatus(503, true)).as("status5xx not listed").isFalse();
        assertThat(new AttemptRetries(RetryPolicyConfig.LEGACY, "GET").judgesStatus())
                .as("legacy never looks at statuses").isFalse();
    }

    @Test
    void theLegacyPolicyRetriesTheSameEndpointAtOnce() {
        ClusterState state = TestCluster.named("c").endpoint("127.0.0.1", 1).endpoint("127.0.0.1", 2).state();
        UpstreamTarget target = new UpstreamTarget(state, state.endpoints().getFirst(),
                tried -> state.endpoints().get(1));
        AttemptRetries legacy = new AttemptRetries(RetryPolicyConfig.LEGACY, "GET");
        for (int i = 0; i < 3; i++) {
            assertThat(legacy.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).as("retry %d of 3", i + 1).isTrue();
            assertThat(legacy.retry(target)).as("the same endpoint").isSameAs(target);
            assertThat(legacy.backoffMs()).as("no backoff").isZero();
        }
        assertThat(legacy.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).as("3 retries spent").isFalse();
        AttemptRetries configured = new AttemptRetries(TWO, "GET");
        assertThat(configured.retry(target).endpointState()).as("a configured policy reselects")
                .isSameAs(state.endpoints().get(1));
    }

    @Test
    void backoffStaysWithinTheDoublingCeiling() {
        AttemptRetries retries = new AttemptRetries(RetryPolicyConfig.configured(10, 0, false), "GET");
        ClusterState state = TestCluster.named("c").endpoint("127.0.0.1", 1).state();
        UpstreamTarget target = new UpstreamTarget(state, state.endpoints().getFirst(), Reselector.NONE);
        long[] ceilings = {25, 50, 100, 200, 250, 250};
        for (long ceiling : ceilings) {
            retries.retry(target);
            for (int i = 0; i < 50; i++) {
                assertThat(retries.backoffMs()).as("retry %d", retries.retries()).isBetween(0L, ceiling);
            }
        }
    }

    @Test
    void maxRetriesAboveFifteenAreCapped() {
        assertThat(RetryPolicyConfig.configured(100, 0, false).effectiveMaxRetries()).isEqualTo(15);
    }

    @Test
    void requestTimeoutStopsRetriesOnceItHasPassed() {
        RetryPolicyConfig p = new RetryPolicyConfig(true, 3, List.of(RetryCondition.CONNECT_FAILURE), List.of(), null,
                1000L, null, null, 1024, false);
        assertThat(new AttemptRetries(p, "GET", false, null, Instant.now()).mayRetry(UpstreamFailure.CONNECT_REFUSED,
                true)).isTrue();
        assertThat(new AttemptRetries(p, "GET", false, null, Instant.now().minusSeconds(2))
                .mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).as("arrived 2 s ago, timeout 1 s").isFalse();
    }

    @Test
    void anEmptyBudgetStopsRetriesAndOnlyARetrySpendsAToken() {
        long[] now = {0};
        RetryTokens tokens = new RetryTokens(new RetryPolicyConfig.Budget(0, 1), () -> 0, () -> now[0]);
        AttemptRetries post = new AttemptRetries(TWO, "POST", false, tokens, null);
        assertThat(post.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).as("not idempotent").isFalse();
        assertThat(tokens.available()).as("a refused retry spends nothing").isEqualTo(1.0);
        AttemptRetries get = new AttemptRetries(TWO, "GET", false, tokens, null);
        assertThat(get.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).isTrue();
        assertThat(get.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).as("the one token is spent").isFalse();
        now[0] = 1_000_000_000L;
        assertThat(get.mayRetry(UpstreamFailure.CONNECT_REFUSED, true)).as("refilled after a second").isTrue();
    }

    private static RetryPolicyConfig policy(List<RetryCondition> conditions, List<Integer> statuses) {
        return new RetryPolicyConfig(true, 3, conditions, statuses, null, null, RetryPolicyConfig.Backoff.DEFAULT,
                null, 1024, false);
    }
}
