package io.jpraxis.ai.intelligentroute;

import static io.jpraxis.ai.intelligentroute.RouteFixtures.request;
import static io.jpraxis.ai.intelligentroute.TestSnapshots.candidate;
import static io.jpraxis.ai.intelligentroute.TestSnapshots.model;
import static io.jpraxis.ai.intelligentroute.TestSnapshots.snapshot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.jpraxis.ai.candidate.AdmissionState;
import io.jpraxis.ai.candidate.RoutingSnapshot;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.SessionAffinityConfig;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Binding, reuse, failover, expiry and the binding table's bound (see
 * docs/behaviour/intelligent-route.md#session-affinity).
 */
class SessionAffinityTest {
    private static final SessionAffinityConfig BY_HEADER = new SessionAffinityConfig(true, "X-Session", "sid", 60);
    /** model m: the preferred candidate "first", then "second". */
    private static final RoutingSnapshot BOTH = snapshot(model("m", "hub", "first"), model("m", "edge", "second"));

    private MovableClock clock;
    private TestSnapshots source;
    private IntelligentRouteFilter filter;

    @BeforeEach
    void setUp() {
        clock = new MovableClock();
        source = new TestSnapshots(BOTH);
        filter = TestSnapshots.filter(source, "x-destination", List.of(), BY_HEADER, clock);
    }

    private RequestContext send(String... headers) {
        RequestContext ctx = request(headers);
        filter.onRequest(ctx);
        return ctx;
    }

    private static List<String> flags(RequestContext ctx) {
        return List.of(ctx.metadata().get("intelligent_route.session.bound"),
                ctx.metadata().get("intelligent_route.session.reused"),
                ctx.metadata().get("intelligent_route.session.failover"));
    }

    @Test
    void aBoundSessionKeepsItsCandidateWhenThePreferenceChanges() {
        RequestContext first = send("X-Model", "m", "X-Session", "s1");
        assertThat(first.cluster()).isEqualTo("first");
        assertThat(flags(first)).as("bound, fresh").containsExactly("true", "false", "false");

        source.swap(snapshot(model("m", "edge", "second"), model("m", "hub", "first")));
        RequestContext again = send("X-Model", "m", "X-Session", " s1 ");
        assertThat(again.cluster()).as("the trimmed key finds the binding").isEqualTo("first");
        assertThat(flags(again)).containsExactly("true", "true", "false");
        assertThat(again.headers().get("x-destination")).as("docs/behaviour/routing-headers.md#the-route-header: emitted on reuse too").isEqualTo("first");
        assertThat(again.metadata().asMap()).doesNotContainKey("intelligent_route.selection_group");

        assertThat(send("X-Model", "m", "X-Session", "s2").cluster()).as("a new session follows the new order")
                .isEqualTo("second");
    }

    @Test
    void reuseBypassesExistingOnlyButNeverNone() {
        send("X-Model", "m", "X-Session", "s1");
        source.swap(snapshot(candidate("m", "hub", "first", AdmissionState.EXISTING_ONLY, null, null),
                model("m", "edge", "second")));
        assertThat(send("X-Model", "m", "X-Session", "s1").cluster()).as("existing_only keeps its sessions")
                .isEqualTo("first");
        assertThat(send("X-Model", "m", "X-Session", "new").cluster()).as("but takes no new ones")
                .isEqualTo("second");

        source.swap(snapshot(candidate("m", "hub", "first", AdmissionState.NONE, null, null),
                model("m", "edge", "second")));
        RequestContext failover = send("X-Model", "m", "X-Session", "s1");
        assertThat(failover.cluster()).isEqualTo("second");
        assertThat(flags(failover)).containsExactly("true", "false", "true");

        source.swap(BOTH);
        assertThat(send("X-Model", "m", "X-Session", "s1").cluster()).as("rebound to the failover pick")
                .isEqualTo("second");
    }

    @Test
    void aCandidateRemovedByAReloadFailsOver() {
        send("X-Model", "m", "X-Session", "s1");
        source.swap(snapshot(model("m", "edge", "second")));
        RequestContext ctx = send("X-Model", "m", "X-Session", "s1");
        assertThat(ctx.cluster()).isEqualTo("second");
        assertThat(flags(ctx)).containsExactly("true", "false", "true");
    }

    @Test
    void aBindingIsPerModel() {
        RoutingSnapshot twoModels = snapshot(model("m", "hub", "first"), model("n", "hub", "n-cluster"));
        source.swap(twoModels);
        send("X-Model", "m", "X-Session", "s1");
        RequestContext other = send("X-Model", "n", "X-Session", "s1");
        assertThat(other.cluster()).as("the bound stable id does not serve model n").isEqualTo("n-cluster");
        assertThat(flags(other)).containsExactly("true", "false", "true");
    }

    @Test
    void theTtlIsAbsoluteFromTheLastFreshPick() {
        send("X-Model", "m", "X-Session", "s1");
        source.swap(snapshot(model("m", "edge", "second"), model("m", "hub", "first")));
        clock.advance(Duration.ofSeconds(59));
        assertThat(send("X-Model", "m", "X-Session", "s1").cluster()).isEqualTo("first");
        clock.advance(Duration.ofSeconds(1));
        RequestContext expired = send("X-Model", "m", "X-Session", "s1");
        assertThat(expired.cluster()).as("reuse did not extend the binding").isEqualTo("second");
        assertThat(flags(expired)).as("expired: a fresh pick, not a failover").containsExactly("true", "false", "false");
    }

    @Test
    void theCookieIsTheFallbackKey() {
        send("X-Model", "m", "Cookie", "theme=dark; sid=abc");
        source.swap(snapshot(model("m", "edge", "second"), model("m", "hub", "first")));
        assertThat(send("X-Model", "m", "Cookie", "sid=abc").cluster()).isEqualTo("first");
        assertThat(send("X-Model", "m", "X-Session", "abc").cluster()).as("the header and the cookie share keys")
                .isEqualTo("first");
    }

    @Test
    void noKeyMeansAFreshUnboundPick() {
        RequestContext ctx = send("X-Model", "m");
        assertThat(ctx.cluster()).isEqualTo("first");
        assertThat(flags(ctx)).containsExactly("false", "false", "false");
    }

    @Test
    void withoutAffinityNoSessionMetadataIsWritten() {
        IntelligentRouteFilter plain = TestSnapshots.filter(source, null, List.of(), SessionAffinityConfig.DISABLED,
                clock);
        RequestContext ctx = request("X-Model", "m", "X-Session", "s1");
        plain.onRequest(ctx);
        assertThat(ctx.metadata().asMap()).doesNotContainKeys("intelligent_route.session.bound");
    }

    @Test
    void keysAreReadFromTheHeaderFirstThenTheCookie() {
        SessionAffinity affinity = new SessionAffinity(BY_HEADER, clock);
        assertThat(affinity.key(headers("X-Session", "h", "Cookie", "sid=c"))).isEqualTo("h");
        assertThat(affinity.key(headers("X-Session", "  ", "Cookie", "sid=c"))).as("blank header").isEqualTo("c");
        assertThat(affinity.key(headers("X-Session", "h".repeat(257), "Cookie", "sid=c"))).isEqualTo("c");
        assertThat(affinity.key(headers("Cookie", "sidx=1; sid=; sid=second"))).as("first usable part")
                .isEqualTo("second");
        assertThat(affinity.key(headers("Cookie", "a=1", "Cookie", "sid=two-lines"))).isEqualTo("two-lines");
        assertThat(affinity.key(headers("Cookie", "sid=" + "c".repeat(257)))).isNull();
        assertThat(affinity.key(headers())).isNull();
    }

    @Test
    void aFullTablePurgesExpiredBindingsElseSkipsStoring() {
        SessionAffinity affinity = new SessionAffinity(BY_HEADER, clock, 2);
        var stable = BOTH.candidates().getFirst();
        assertThat(affinity.bind("a", stable)).isTrue();
        clock.advance(Duration.ofSeconds(30));
        assertThat(affinity.bind("b", stable)).isTrue();
        assertThat(affinity.bind("c", stable)).as("full, nothing expired").isFalse();
        assertThat(affinity.bind("b", stable)).as("an existing key may be rebound when full").isTrue();
        clock.advance(Duration.ofSeconds(31));
        assertThat(affinity.bind("c", stable)).as("a expired and was purged").isTrue();
        assertThat(affinity.size()).isEqualTo(2);
    }

    @Test
    void aFullTableStillReportsTheSessionAsBound() {
        IntelligentRouteFilter tiny = new IntelligentRouteFilter(filter.routeConfig(), source,
                new SessionAffinity(BY_HEADER, clock, 1), io.jpraxis.core.runtime.IdGenerator.sequential("hop"));
        RequestContext a = request("X-Model", "m", "X-Session", "a");
        tiny.onRequest(a);
        RequestContext b = request("X-Model", "m", "X-Session", "b");
        tiny.onRequest(b);
        assertThat(b.metadata().asMap()).as("Praxis's quirk, kept: bound although not stored")
                .contains(entry("intelligent_route.session.bound", "true"));
    }

    private static HeaderMap headers(String... pairs) {
        HeaderMap h = new HeaderMap();
        for (int i = 0; i < pairs.length; i += 2) {
            h.add(pairs[i], pairs[i + 1]);
        }
        return h;
    }

    /** A clock tests move by hand. */
    private static final class MovableClock extends Clock {
        private Instant now = Instant.parse("2025-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
