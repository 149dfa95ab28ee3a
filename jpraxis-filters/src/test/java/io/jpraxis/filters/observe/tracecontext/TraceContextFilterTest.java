package io.jpraxis.filters.observe.tracecontext;

import io.jpraxis.core.tracecontext.TraceParent;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TraceContextFilterTest {
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String PARENT = "00f067aa0ba902b7";
    private static final String INBOUND = "00-" + TRACE + "-" + PARENT + "-01";

    private final SplittableRandom random = new SplittableRandom(7);
    private final TraceContextFilter filter = new TraceContextFilter(new TraceContextConfig(), new TraceIds(() -> random));

    private TraceParent sent(RequestContext ctx) {
        assertThat(filter.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.headers().getAll("traceparent")).as("exactly one traceparent goes upstream").hasSize(1);
        String value = ctx.headers().get("traceparent");
        assertThat(value).as("sent as version 00").startsWith("00-").hasSize(55);
        TraceParent parsed = TraceParent.parse(value);
        assertThat(parsed).as("what goes upstream is valid: " + value).isNotNull();
        return parsed;
    }

    @Test
    void validParentIsJoinedWithANewSpanId() {
        RequestContext ctx = request("/", "traceparent", INBOUND);
        TraceParent up = sent(ctx);
        assertThat(up.traceId()).as("same trace").isEqualTo(TRACE);
        assertThat(up.parentId()).as("the upstream hop's parent is the gateway's span").isNotEqualTo(PARENT);
        assertThat(up.flags()).isEqualTo(1);
        TraceContext trace = ctx.extensions().get(TraceContext.KEY).orElseThrow();
        assertThat(trace.joined()).isTrue();
        assertThat(trace.inboundParentId()).isEqualTo(PARENT);
        assertThat(trace.spanId()).isEqualTo(up.parentId());
    }

    @Test
    void unsampledFlagIsKept() {
        RequestContext ctx = request("/", "traceparent", "00-" + TRACE + "-" + PARENT + "-00");
        assertThat(sent(ctx).flags()).isZero();
        assertThat(ctx.extensions().get(TraceContext.KEY).orElseThrow().sampled()).isFalse();
    }

    @Test
    void missingParentStartsASampledTrace() {
        RequestContext ctx = request("/");
        TraceParent up = sent(ctx);
        assertThat(up.traceId()).matches("[0-9a-f]{32}").isNotEqualTo("0".repeat(32));
        assertThat(up.flags()).isEqualTo(1);
        TraceContext trace = ctx.extensions().get(TraceContext.KEY).orElseThrow();
        assertThat(trace.joined()).isFalse();
        assertThat(trace.traceId()).isEqualTo(up.traceId());
    }

    @Test
    void malformedParentCountsAsAbsentAndItsStateIsDropped() {
        for (String bad : new String[] {"garbage", "00-" + "0".repeat(32) + "-" + PARENT + "-01",
                INBOUND.toUpperCase(), "ff-" + TRACE + "-" + PARENT + "-01"}) {
            RequestContext ctx = request("/", "traceparent", bad, "tracestate", "congo=t61rcWkgMzE");
            TraceParent up = sent(ctx);
            assertThat(up.traceId()).as(bad).isNotEqualTo(TRACE);
            assertThat(ctx.headers().contains("tracestate")).as("tracestate without its parent: " + bad).isFalse();
        }
    }

    @Test
    void twoParentLinesAreInvalid() {
        RequestContext ctx = request("/", "traceparent", INBOUND,
                "traceparent", "00-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-" + PARENT + "-01", "tracestate", "congo=1");
        TraceParent up = sent(ctx);
        assertThat(up.traceId()).isNotIn(TRACE, "a".repeat(32));
        assertThat(ctx.headers().contains("tracestate")).isFalse();
    }

    @Test
    void laterVersionIsJoinedAndSentAsVersion00() {
        RequestContext ctx = request("/", "traceparent", "01-" + TRACE + "-" + PARENT + "-01-extra");
        assertThat(sent(ctx).traceId()).isEqualTo(TRACE);
    }

    @Test
    void validStateIsForwardedWithItsParent() {
        RequestContext ctx = request("/", "traceparent", INBOUND, "tracestate", "congo=t61rcWkgMzE",
                "tracestate", "rojo=00f067aa0ba902b7");
        sent(ctx);
        assertThat(ctx.headers().getAll("tracestate")).containsExactly("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
        assertThat(ctx.extensions().get(TraceContext.KEY).orElseThrow().traceState())
                .isEqualTo("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
    }

    @Test
    void invalidStateIsDroppedButTheTraceIsJoined() {
        RequestContext ctx = request("/", "traceparent", INBOUND, "tracestate", "congo=1,congo=2");
        assertThat(sent(ctx).traceId()).isEqualTo(TRACE);
        assertThat(ctx.headers().contains("tracestate")).isFalse();
    }

    @Test
    void runningAgainForTheSameRequestKeepsItsSpan() {
        RequestContext ctx = request("/");
        TraceParent first = sent(ctx);
        ctx.headers().set("traceparent", "00-" + "b".repeat(32) + "-" + PARENT + "-01"); // a later rewrite
        TraceParent second = sent(ctx);
        assertThat(second).as("a re-entered branch or a second entry sends the same hop").isEqualTo(first);
    }

    @Test
    void eachRequestGetsItsOwnIds() {
        Set<String> traces = new HashSet<>();
        Set<String> spans = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            TraceParent up = sent(request("/"));
            traces.add(up.traceId());
            spans.add(up.parentId());
        }
        assertThat(traces).hasSize(1000);
        assertThat(spans).hasSize(1000);
    }

    @Test
    void productionIdsAreRandomHex() {
        TraceIds ids = TraceIds.perThread();
        assertThat(ids.traceId()).matches("[0-9a-f]{32}").isNotEqualTo(ids.traceId());
        assertThat(ids.spanId(null)).matches("[0-9a-f]{16}");
    }

    @Test
    void spanIdNeverRepeatsTheInboundParent() {
        long[] values = {0, 0x1234, 0x1234, 0x5678};
        int[] next = {0};
        java.util.random.RandomGenerator scripted = () -> values[next[0]++];
        TraceIds ids = new TraceIds(() -> scripted);
        assertThat(ids.spanId("0000000000001234")).as("zero and the parent's own id are skipped")
                .isEqualTo("0000000000005678");
    }
}
