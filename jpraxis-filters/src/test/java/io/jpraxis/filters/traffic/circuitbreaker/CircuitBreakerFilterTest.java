package io.jpraxis.filters.traffic.circuitbreaker;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.testing.TestClock;
import io.jpraxis.core.circuit.CircuitBreaker.State;
import io.jpraxis.filters.traffic.circuitbreaker.CircuitBreakerConfig.ClusterPolicy;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CircuitBreakerFilterTest {
    private final TestClock clock = new TestClock();
    private final CircuitBreakerFilter filter = new CircuitBreakerFilter(new CircuitBreakerConfig(List.of(
            new ClusterPolicy("api", 3, 10, 5))), clock);

    private static RequestContext to(String cluster) {
        RequestContext ctx = new RequestContext("main", "GET", RequestPath.of("/"), null, "http",
                new InetSocketAddress("192.0.2.1", 40000), new HeaderMap(), "req-1", Instant.parse("2025-01-01T00:00:00Z"));
        ctx.cluster(cluster);
        return ctx;
    }

    /** One exchange to {@code cluster} whose origin answers {@code status}: the status the client gets. */
    private ResponseHead answered(String cluster, int status) {
        RequestContext ctx = to(cluster);
        if (filter.onRequest(ctx) instanceof FilterAction.Reject r) {
            return refusedHead(ctx, r);
        }
        ctx.upstreamAttempted();
        ctx.upstreamAnswered(status);
        ResponseHead head = new ResponseHead(status, new HeaderMap(), false);
        filter.onResponse(ctx, head);
        return head;
    }

    /** An exchange whose attempt got no response head: the edge answers 502 itself. */
    private ResponseHead unanswered(String cluster) {
        RequestContext ctx = to(cluster);
        if (filter.onRequest(ctx) instanceof FilterAction.Reject r) {
            return refusedHead(ctx, r);
        }
        ctx.upstreamAttempted();
        ResponseHead head = new ResponseHead(502, new HeaderMap(), true);
        filter.onResponse(ctx, head);
        return head;
    }

    private ResponseHead refusedHead(RequestContext ctx, FilterAction.Reject r) {
        ResponseHead head = new ResponseHead(r.status(), new HeaderMap(), true);
        filter.onResponse(ctx, head);
        return head;
    }

    private State state() {
        return filter.breaker("api").state();
    }

    private void openIt() {
        for (int i = 0; i < 3; i++) {
            answered("api", 500);
        }
        assertThat(state()).as("three 5xx in a row open the circuit").isEqualTo(State.OPEN);
    }

    @Test
    void opensAfterConsecutiveFailuresAndRefusesWith503AndStateHeader() {
        answered("api", 503);
        unanswered("api");
        assertThat(state()).as("two failures are below the threshold of three").isEqualTo(State.CLOSED);
        unanswered("api");
        assertThat(state()).isEqualTo(State.OPEN);
        ResponseHead refused = answered("api", 200);
        assertThat(refused.status()).as("open circuit answers itself").isEqualTo(503);
        assertThat(refused.headers().get("x-circuit-state")).isEqualTo("open");
        assertThat(filter.refusedCount()).isEqualTo(1);
    }

    @Test
    void aSuccessResetsTheFailureCount() {
        answered("api", 500);
        answered("api", 500);
        answered("api", 404);
        answered("api", 500);
        answered("api", 500);
        assertThat(state()).as("a 4xx is a success: the failures are not consecutive").isEqualTo(State.CLOSED);
    }

    @Test
    void unlistedClustersAndRequestsWithoutAClusterPass() {
        for (int i = 0; i < 5; i++) {
            assertThat(answered("other", 500).status()).as("no breaker for other").isEqualTo(500);
            assertThat(answered(null, 500).status()).as("no cluster selected").isEqualTo(500);
        }
        assertThat(state()).isEqualTo(State.CLOSED);
    }

    @Test
    void admitsOneProbeAfterTheRecoveryWindowAndItsSuccessCloses() {
        openIt();
        clock.advance(Duration.ofMillis(9_999));
        assertThat(answered("api", 200).status()).as("window not over yet").isEqualTo(503);
        clock.advance(Duration.ofMillis(1));
        RequestContext probe = to("api");
        assertThat(filter.onRequest(probe)).as("the probe is admitted").isEqualTo(FilterAction.CONTINUE);
        assertThat(state()).isEqualTo(State.HALF_OPEN);
        assertThat(answered("api", 200).status()).as("only one probe at a time").isEqualTo(503);
        probe.upstreamAttempted();
        probe.upstreamAnswered(204);
        filter.onResponse(probe, new ResponseHead(204, new HeaderMap(), false));
        assertThat(state()).isEqualTo(State.CLOSED);
        assertThat(answered("api", 200).status()).isEqualTo(200);
    }

    @Test
    void aFailedProbeReopensForAnotherWindow() {
        openIt();
        clock.advance(Duration.ofSeconds(10));
        assertThat(unanswered("api").status()).as("the probe goes out and fails").isEqualTo(502);
        assertThat(state()).isEqualTo(State.OPEN);
        clock.advance(Duration.ofSeconds(9));
        assertThat(answered("api", 200).status()).as("a new window started at the failure").isEqualTo(503);
        clock.advance(Duration.ofSeconds(1));
        assertThat(answered("api", 200).status()).as("next probe succeeds").isEqualTo(200);
        assertThat(state()).isEqualTo(State.CLOSED);
    }

    @Test
    void aProbeWithoutOutcomeWithinTheHalfOpenTimeoutReopens() {
        openIt();
        clock.advance(Duration.ofSeconds(10));
        RequestContext probe = to("api");
        assertThat(filter.onRequest(probe)).isEqualTo(FilterAction.CONTINUE);
        clock.advance(Duration.ofMillis(4_999));
        assertThat(answered("api", 200).status()).as("probe still within its 5 s").isEqualTo(503);
        clock.advance(Duration.ofMillis(1));
        assertThat(answered("api", 200).status()).as("timed out probe re-opens: refused").isEqualTo(503);
        assertThat(state()).isEqualTo(State.OPEN);
        probe.upstreamAttempted();
        probe.upstreamAnswered(200);
        filter.onResponse(probe, new ResponseHead(200, new HeaderMap(), false));
        assertThat(state()).as("the late probe's success is stale").isEqualTo(State.OPEN);
        clock.advance(Duration.ofSeconds(10));
        assertThat(answered("api", 200).status()).as("window counted from the timeout").isEqualTo(200);
        assertThat(state()).isEqualTo(State.CLOSED);
    }

    @Test
    void aRequestThatNeverReachedTheUpstreamReleasesTheProbeWithoutOutcome() {
        openIt();
        clock.advance(Duration.ofSeconds(10));
        RequestContext probe = to("api");
        filter.onRequest(probe);
        filter.onResponse(probe, new ResponseHead(403, new HeaderMap(), true)); // a later filter refused it
        assertThat(state()).as("no outcome: still half-open").isEqualTo(State.HALF_OPEN);
        assertThat(answered("api", 200).status()).as("the next request becomes the probe").isEqualTo(200);
        assertThat(state()).isEqualTo(State.CLOSED);
    }

    @Test
    void localAnswersWithoutAnAttemptDoNotCountAsFailures() {
        for (int i = 0; i < 5; i++) {
            RequestContext ctx = to("api");
            filter.onRequest(ctx);
            filter.onResponse(ctx, new ResponseHead(503, new HeaderMap(), true)); // cluster at max_connections
        }
        assertThat(state()).as("connect never attempted").isEqualTo(State.CLOSED);
    }

    @Test
    void judgesTheOriginsStatusNotOneALaterFilterRewrote() {
        for (int i = 0; i < 3; i++) {
            RequestContext ctx = to("api");
            filter.onRequest(ctx);
            ctx.upstreamAttempted();
            ctx.upstreamAnswered(500);
            filter.onResponse(ctx, new ResponseHead(200, new HeaderMap(), true)); // replaced by a later filter
        }
        assertThat(state()).isEqualTo(State.OPEN);
    }

    @Test
    void theExchangeEndFreesAProbeWhoseClientLeftAndCountsAnAnswerAlreadyReceived() {
        openIt();
        clock.advance(Duration.ofSeconds(10));
        RequestContext left = to("api");
        filter.onRequest(left);
        left.upstreamAttempted();
        filter.onLog(left, new ExchangeSummary(0, 0, 0, 1, false));
        assertThat(state()).as("client gone before a head: no outcome").isEqualTo(State.HALF_OPEN);
        RequestContext second = to("api");
        assertThat(filter.onRequest(second)).as("next request probes").isEqualTo(FilterAction.CONTINUE);
        second.upstreamAnswered(200);
        filter.onLog(second, new ExchangeSummary(0, 0, 0, 1, false));
        assertThat(state()).isEqualTo(State.CLOSED);
    }

    @Test
    void theExchangeEndDoesNotSettleTwice() {
        RequestContext ctx = to("api");
        filter.onRequest(ctx);
        ctx.upstreamAttempted();
        filter.onResponse(ctx, new ResponseHead(502, new HeaderMap(), true));
        filter.onLog(ctx, new ExchangeSummary(502, 0, 0, 1, true));
        answered("api", 500);
        assertThat(state()).as("two failures, not three").isEqualTo(State.CLOSED);
    }

    @Test
    void gaugeShowsOneWhileOpenOrHalfOpen() {
        var gauge = filter.gauges().getFirst();
        assertThat(gauge.name()).isEqualTo("praxis.circuit.breaker.open");
        assertThat(gauge.tags()).containsExactly(java.util.Map.entry("cluster", "api"));
        assertThat(gauge.value().getAsDouble()).isZero();
        openIt();
        assertThat(gauge.value().getAsDouble()).isEqualTo(1);
        clock.advance(Duration.ofSeconds(10));
        filter.onRequest(to("api"));
        assertThat(state()).isEqualTo(State.HALF_OPEN);
        assertThat(gauge.value().getAsDouble()).as("half-open still counts as open").isEqualTo(1);
    }

    @Test
    void aStragglerFromBeforeTheOpeningDoesNotCountInTheNextClosedSpell() {
        RequestContext straggler = to("api");
        filter.onRequest(straggler);
        openIt();
        clock.advance(Duration.ofSeconds(10));
        answered("api", 200);
        answered("api", 500);
        answered("api", 500);
        straggler.upstreamAttempted();
        filter.onResponse(straggler, new ResponseHead(502, new HeaderMap(), true));
        assertThat(state()).as("the straggler belongs to the earlier closed spell").isEqualTo(State.CLOSED);
    }
}
