package io.jpraxis.filters.traffic.timeout;

import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Requests in {@code FilterFixtures} arrive at 2025-01-01T00:00:00Z; the clock says when the head came. */
class TimeoutFilterTest {
    private static final Instant RECEIVED = Instant.parse("2025-01-01T00:00:00Z");

    private static TimeoutFilter timeoutAt(long timeoutMs, long headAfterMs) {
        return new TimeoutFilter(new TimeoutConfig(timeoutMs),
                Clock.fixed(RECEIVED.plusMillis(headAfterMs), ZoneOffset.UTC));
    }

    private static FilterAction onHead(TimeoutFilter filter) {
        RequestContext ctx = request("/");
        filter.onRequest(ctx);
        return filter.onResponse(ctx, new ResponseHead(200, new HeaderMap(), false));
    }

    @Test
    void setsTheRequestDeadlineFromReceipt() {
        RequestContext ctx = request("/");
        timeoutAt(1500, 0).onRequest(ctx);
        assertThat(ctx.deadline()).as("the edge enforces receipt + timeout_ms").isEqualTo(RECEIVED.plusMillis(1500));
    }

    @Test
    void tighterEarlierTimeoutIsKept() {
        RequestContext ctx = request("/");
        timeoutAt(1000, 0).onRequest(ctx);
        timeoutAt(5000, 0).onRequest(ctx);
        assertThat(ctx.deadline()).isEqualTo(RECEIVED.plusMillis(1000));
    }

    @Test
    void lateResponseHeadIsReplacedBy504() {
        assertThat(onHead(timeoutAt(100, 101))).as("elapsed past the limit (docs/reference/filters/timeout.md#what-it-does)")
                .isEqualTo(FilterAction.reject(504, TimeoutFilter.REASON));
    }

    @Test
    void headWithinOrExactlyAtTheLimitPasses() {
        assertThat(onHead(timeoutAt(100, 40))).isEqualTo(FilterAction.CONTINUE);
        assertThat(onHead(timeoutAt(100, 100))).as("only strictly later is a timeout").isEqualTo(FilterAction.CONTINUE);
    }
}
