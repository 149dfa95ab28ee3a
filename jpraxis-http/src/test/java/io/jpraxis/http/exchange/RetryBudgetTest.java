package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.Reselector;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.upstream.UpstreamFailure;
import org.junit.jupiter.api.Test;

class RetryBudgetTest {
    private static final RetryPolicyConfig TWO = new RetryPolicyConfig(2, 1024, false);

    @Test
    void onlyIdempotentMethodsAreRetriedByDefault() {
        for (String method : new String[] {"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"}) {
            assertThat(new RetryBudget(TWO, method).mayRetryConnect(UpstreamFailure.CONNECT_REFUSED, true))
                    .as("RFC 9110 9.2.2: %s is idempotent", method).isTrue();
        }
        for (String method : new String[] {"POST", "PATCH", "CONNECT"}) {
            RetryBudget budget = new RetryBudget(TWO, method);
            assertThat(budget.mayRetryConnect(UpstreamFailure.CONNECT_REFUSED, true)).as(method).isFalse();
            assertThat(budget.replayLimitBytes()).as("nothing is kept for a request never retried").isNegative();
        }
        RetryBudget allowed = new RetryBudget(new RetryPolicyConfig(2, 1024, true), "POST");
        assertThat(allowed.mayRetryConnect(UpstreamFailure.CONNECT_REFUSED, true))
                .as("allow_non_idempotent").isTrue();
        assertThat(allowed.replayLimitBytes()).isEqualTo(1024);
    }

    @Test
    void anUnprocessedStreamIsSentAgainWhateverTheMethodOnClustersThatMaySpeakHttp2() {
        RetryBudget h2Post = new RetryBudget(TWO, "POST", true);
        assertThat(h2Post.replayLimitBytes()).as("the body is kept in case a stream is refused").isEqualTo(1024);
        assertThat(h2Post.mayRetryStale(UpstreamFailure.REFUSED_STREAM, true)).isTrue();
        assertThat(h2Post.mayRetryStale(UpstreamFailure.RESET, true)).as("a reset POST may have been processed")
                .isFalse();
        assertThat(h2Post.mayRetryStale(UpstreamFailure.REFUSED_STREAM, false)).as("not without the body").isFalse();
        h2Post.spendStale();
        assertThat(h2Post.mayRetryStale(UpstreamFailure.REFUSED_STREAM, true)).as("once").isFalse();
        assertThat(new RetryBudget(TWO, "POST").mayRetryStale(UpstreamFailure.REFUSED_STREAM, true))
                .as("an HTTP/1.1-only cluster never sees a refused stream").isFalse();
    }

    @Test
    void onlyConnectFailuresCountAsRetriableConnectFailures() {
        RetryBudget budget = new RetryBudget(TWO, "GET");
        assertThat(budget.mayRetryConnect(UpstreamFailure.CONNECT_TIMEOUT, true)).isTrue();
        assertThat(budget.mayRetryConnect(UpstreamFailure.CONNECT_FAILED, true)).as("DNS failure").isTrue();
        assertThat(budget.mayRetryConnect(UpstreamFailure.PRIVATE_ADDRESS_REFUSED, true)).isFalse();
        assertThat(budget.mayRetryConnect(UpstreamFailure.TLS_HANDSHAKE_FAILED, true)).isFalse();
        assertThat(budget.mayRetryConnect(UpstreamFailure.READ_TIMEOUT, true)).isFalse();
        assertThat(budget.mayRetryConnect(UpstreamFailure.CONNECT_REFUSED, false))
                .as("a body no longer kept cannot be replayed").isFalse();
    }

    @Test
    void connectRetriesStopAtMaxRetriesAndFallBackToTheSameEndpoint() {
        ClusterState state = TestCluster.named("c").endpoint("127.0.0.1", 1).state();
        UpstreamTarget target = new UpstreamTarget(state, state.endpoints().getFirst(), Reselector.NONE);
        RetryBudget budget = new RetryBudget(TWO, "GET");
        for (int i = 0; i < 2; i++) {
            assertThat(budget.mayRetryConnect(UpstreamFailure.CONNECT_REFUSED, true)).isTrue();
            assertThat(budget.retryConnect(target).endpointState())
                    .as("nothing else to pick: the same endpoint again").isSameAs(target.endpointState());
        }
        assertThat(budget.mayRetryConnect(UpstreamFailure.CONNECT_REFUSED, true)).as("max_retries 2 spent").isFalse();
    }

    @Test
    void staleConnectionIsRetriedOnce() {
        RetryBudget budget = new RetryBudget(TWO, "GET");
        assertThat(budget.mayRetryStale(UpstreamFailure.PREMATURE_CLOSE, true)).isTrue();
        assertThat(budget.mayRetryStale(UpstreamFailure.READ_TIMEOUT, true)).as("the origin got the request").isFalse();
        budget.spendStale();
        assertThat(budget.mayRetryStale(UpstreamFailure.RESET, true)).isFalse();
    }
}
