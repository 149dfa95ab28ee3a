package io.jpraxis.filters.grpc.timeout;

import static io.jpraxis.filters.testing.FilterFixtures.requestAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UpstreamAttemptHook;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.grpc.timeout.GrpcTimeoutConfig.OnInvalid;
import io.jpraxis.filters.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Requests in {@code FilterFixtures} arrive at 2025-01-01T00:00:00Z, where the test clock starts. */
class GrpcTimeoutFilterTest {
    private static final Instant RECEIVED = Instant.parse("2025-01-01T00:00:00Z");
    private final TestClock clock = new TestClock(RECEIVED);

    private GrpcTimeoutFilter filter(Long fallback, long headroom, boolean propagate, OnInvalid onInvalid) {
        return new GrpcTimeoutFilter(new GrpcTimeoutConfig(30_000, fallback, headroom, propagate, onInvalid), clock);
    }

    private GrpcTimeoutFilter filter() {
        return filter(null, 0, true, OnInvalid.REJECT);
    }

    private static RequestContext grpc(String timeout) {
        return timeout == null ? requestAs("POST", "http", "/svc/M", "content-type", "application/grpc")
                : requestAs("POST", "http", "/svc/M", "content-type", "application/grpc", "grpc-timeout", timeout);
    }

    private static LocalResponse answer(FilterAction action) {
        assertThat(action).as("the filter answers itself").isInstanceOf(FilterAction.Respond.class);
        return ((FilterAction.Respond) action).response();
    }

    private static void assertTrailersOnly(LocalResponse response, String status) {
        assertThat(response.status()).as("gRPC errors travel as HTTP 200").isEqualTo(200);
        assertThat(response.headers().get("content-type")).isEqualTo("application/grpc");
        assertThat(response.headers().get("content-length")).isEqualTo("0");
        assertThat(response.headers().get("grpc-status")).isEqualTo(status);
        assertThat(response.body()).isEmpty();
    }

    @Test
    void aLongerAskIsCutToTheMaximum() {
        RequestContext ctx = grpc("10M");
        assertThat(filter().onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.deadline()).as("10 min asked, 30 s allowed").isEqualTo(RECEIVED.plusSeconds(30));
        assertThat(ctx.metadata().get("grpc.deadline_ms")).isEqualTo("30000");
        assertThat(ctx.headers().get("grpc-timeout")).as("what the upstream is told").isEqualTo("30S");
    }

    @Test
    void minutesAndMillisecondsAreNotConfused() {
        RequestContext minute = grpc("1M");
        filter().onRequest(minute);
        assertThat(minute.deadline()).isEqualTo(RECEIVED.plusSeconds(30));
        RequestContext milli = grpc("1m");
        filter().onRequest(milli);
        assertThat(milli.deadline()).isEqualTo(RECEIVED.plusMillis(1));
    }

    @Test
    void headroomIsKeptBackFromTheUpstream() {
        RequestContext ctx = grpc("5S");
        filter(null, 100, true, OnInvalid.REJECT).onRequest(ctx);
        assertThat(ctx.deadline()).isEqualTo(RECEIVED.plusMillis(4_900));
        assertThat(ctx.headers().get("grpc-timeout")).isEqualTo("4900m");
    }

    @Test
    void theBudgetCountsFromArrival() {
        clock.advance(Duration.ofMillis(400)); // spent in earlier filters
        RequestContext ctx = grpc("1S");
        filter().onRequest(ctx);
        assertThat(ctx.deadline()).isEqualTo(RECEIVED.plusSeconds(1));
        assertThat(ctx.metadata().get("grpc.deadline_ms")).isEqualTo("600");
    }

    @Test
    void nothingLeftIsAnsweredDeadlineExceeded() {
        clock.advance(Duration.ofMillis(150));
        RequestContext ctx = grpc("100m");
        assertTrailersOnly(answer(filter().onRequest(ctx)), "4");
        assertThat(ctx.deadline()).as("nothing goes upstream").isNull();
    }

    @Test
    void headerlessCallsTakeTheDefaultOrNone() {
        RequestContext none = grpc(null);
        filter().onRequest(none);
        assertThat(none.deadline()).as("no default: unbounded").isNull();
        RequestContext fallback = grpc(null);
        filter(10_000L, 0, true, OnInvalid.REJECT).onRequest(fallback);
        assertThat(fallback.deadline()).isEqualTo(RECEIVED.plusSeconds(10));
    }

    @Test
    void malformedIsInternalOrIgnored() {
        for (String bad : new String[] {"0S", "123456789S", "5s", "1.5S"}) {
            LocalResponse refused = answer(filter().onRequest(grpc(bad)));
            assertTrailersOnly(refused, "13");
            assertThat(refused.headers().get("grpc-message")).isEqualTo("malformed grpc-timeout");
        }
        RequestContext ignored = grpc("0S");
        assertThat(filter(2_000L, 0, true, OnInvalid.IGNORE).onRequest(ignored)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ignored.deadline()).as("treated as absent: the default").isEqualTo(RECEIVED.plusSeconds(2));
    }

    @Test
    void eachAttemptIsToldWhatIsLeft() {
        RequestContext ctx = grpc("5S");
        filter().onRequest(ctx);
        UpstreamAttemptHook hook = ctx.extensions().get(UpstreamAttemptHook.KEY).orElseThrow();
        clock.advance(Duration.ofSeconds(2)); // a first attempt failed after 2 s
        hook.beforeAttempt(ctx);
        assertThat(ctx.headers().get("grpc-timeout")).isEqualTo("3S");
        clock.advance(Duration.ofNanos(1));
        hook.beforeAttempt(ctx);
        assertThat(ctx.headers().get("grpc-timeout")).as("never rounded up").isEqualTo("2999999u");
    }

    @Test
    void withoutPropagationTheClientHeaderGoesAsItCame() {
        RequestContext ctx = grpc("5S");
        filter(null, 100, false, OnInvalid.REJECT).onRequest(ctx);
        assertThat(ctx.headers().get("grpc-timeout")).isEqualTo("5S");
        assertThat(ctx.extensions().get(UpstreamAttemptHook.KEY)).isEmpty();
        assertThat(ctx.deadline()).as("still enforced").isEqualTo(RECEIVED.plusMillis(4_900));
    }

    @Test
    void anAnswerAfterTheDeadlineBecomesDeadlineExceeded() {
        GrpcTimeoutFilter filter = filter();
        RequestContext ctx = grpc("1S");
        filter.onRequest(ctx);
        ResponseHead head = new ResponseHead(200, new HeaderMap().set("content-type", "application/grpc"), false);
        clock.advance(Duration.ofMillis(500));
        assertThat(filter.onResponse(ctx, head)).isEqualTo(FilterAction.CONTINUE);
        clock.advance(Duration.ofMillis(500));
        assertTrailersOnly(answer(filter.onResponse(ctx, head)), "4");
    }

    @Test
    void otherTrafficIsUntouched() {
        RequestContext ctx = requestAs("POST", "http", "/", "content-type", "application/grpc-web",
                "grpc-timeout", "0S");
        assertThat(filter().onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.deadline()).isNull();
        assertThat(ctx.headers().get("grpc-timeout")).isEqualTo("0S");
    }
}
