package io.jpraxis.filters.security.forwarded;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.filters.support.Cidr;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The trust decision and the client walk (docs/reference/filters/forwarded_headers.md#what-it-does). */
class ForwardedHeadersFilterTest {
    private static final List<String> PROXIES = List.of("10.0.0.0/8", "fd00::/8");

    private static ForwardedHeadersFilter filter(boolean standard) {
        return new ForwardedHeadersFilter(new ForwardedHeadersConfig(
                PROXIES.stream().map(s -> Cidr.parse(s).orElseThrow()).toList(), standard));
    }

    private static RequestContext from(String peer, String... headerPairs) {
        HeaderMap headers = new HeaderMap();
        headers.add("host", "app.example");
        for (int i = 0; i < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        InetSocketAddress address = peer == null ? null : new InetSocketAddress(peer, 40000);
        return new RequestContext("main", "GET", RequestPath.of("/"), null, "http", address, headers, "req-1",
                Instant.parse("2025-01-01T00:00:00Z"));
    }

    /** The client address after the filter ran over a request from {@code peer}. */
    private static String clientOf(boolean standard, String peer, String... headerPairs) {
        RequestContext ctx = from(peer, headerPairs);
        assertThat(filter(standard).onRequest(ctx)).as("never refuses").isEqualTo(FilterAction.CONTINUE);
        return ctx.clientAddress().getAddress().getHostAddress();
    }

    private static String xffClient(String peer, String... xffLines) {
        String[] pairs = new String[xffLines.length * 2];
        for (int i = 0; i < xffLines.length; i++) {
            pairs[2 * i] = "x-forwarded-for";
            pairs[2 * i + 1] = xffLines[i];
        }
        return clientOf(false, peer, pairs);
    }

    @Test
    void theFirstUntrustedHopFromTheRightIsTheClient() {
        assertThat(xffClient("10.0.0.2", "198.51.100.9, 203.0.113.7, 10.0.0.1"))
                .as("198.51.100.9 was written by 203.0.113.7, which nobody vouches for").isEqualTo("203.0.113.7");
        assertThat(xffClient("10.0.0.2", "203.0.113.7")).isEqualTo("203.0.113.7");
        assertThat(xffClient("10.0.0.2", "198.51.100.9", "203.0.113.7, 10.0.0.1"))
                .as("field lines join in order").isEqualTo("203.0.113.7");
    }

    @Test
    void aResolvedClientCarriesPortZeroAndThePeerStaysKnown() {
        RequestContext ctx = from("10.0.0.2", "x-forwarded-for", "203.0.113.7:5555");
        filter(false).onRequest(ctx);
        assertThat(ctx.clientAddressResolved()).isTrue();
        assertThat(ctx.clientAddress().getPort()).isZero();
        assertThat(ctx.peerAddress().getAddress().getHostAddress()).isEqualTo("10.0.0.2");
    }

    @Test
    void whenEveryHopIsTrustedTheLeftmostIsTheClient() {
        assertThat(xffClient("10.0.0.2", "10.9.9.9, 10.0.0.1")).isEqualTo("10.9.9.9");
    }

    @Test
    void anUntrustedPeersHeadersAreNeitherBelievedNorPassedOn() {
        RequestContext ctx = from("203.0.113.50", "x-forwarded-for", "10.0.0.1", "forwarded", "for=10.0.0.1",
                "x-forwarded-proto", "https", "x-forwarded-host", "admin.example", "x-other", "kept");
        filter(false).onRequest(ctx);
        assertThat(ctx.clientAddressResolved()).as("a forged hop does not move the client").isFalse();
        assertThat(ctx.headers().contains("x-forwarded-for")).isFalse();
        assertThat(ctx.headers().contains("forwarded")).isFalse();
        assertThat(ctx.headers().contains("x-forwarded-proto")).as("no later filter reads a forged scheme").isFalse();
        assertThat(ctx.headers().contains("x-forwarded-host")).isFalse();
        assertThat(ctx.headers().get("x-other")).isEqualTo("kept");
        assertThat(ctx.headers().get("host")).isEqualTo("app.example");
    }

    @Test
    void aTrustedPeersHeadersStayForLaterFiltersAndTheEdge() {
        RequestContext ctx = from("10.0.0.2", "x-forwarded-for", "203.0.113.7", "x-forwarded-proto", "https",
                "x-forwarded-host", "app.example");
        filter(false).onRequest(ctx);
        assertThat(ctx.headers().get("x-forwarded-for")).isEqualTo("203.0.113.7");
        assertThat(ctx.headers().get("x-forwarded-proto")).isEqualTo("https");
        assertThat(ctx.headers().get("x-forwarded-host")).isEqualTo("app.example");
    }

    @Test
    void aTrustedPeerWithoutHeadersIsItsOwnClient() {
        RequestContext ctx = from("10.0.0.2");
        filter(false).onRequest(ctx);
        assertThat(ctx.clientAddressResolved()).isFalse();
    }

    @Test
    void anUnknownPeerIsNotTrustedAndNothingIsResolved() {
        RequestContext ctx = from(null, "x-forwarded-for", "203.0.113.7");
        assertThat(filter(false).onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.clientAddress()).isNull();
        assertThat(ctx.headers().contains("x-forwarded-for")).isFalse();
    }

    @Test
    void aHopWithoutAnAddressEndsTheWalkAtTheLastTrustedHop() {
        assertThat(xffClient("10.0.0.2", "203.0.113.66, unknown, 10.0.0.1"))
                .as("beyond unknown nothing is checked, so the forged 203.0.113.66 cannot win").isEqualTo("10.0.0.1");
        assertThat(xffClient("10.0.0.2", "203.0.113.66, garbage"))
                .as("garbage right after the peer: the peer is the client").isEqualTo("10.0.0.2");
        assertThat(xffClient("10.0.0.2", "203.0.113.66, 203.0.113.7:99999")).isEqualTo("10.0.0.2");
        assertThat(xffClient("10.0.0.2", "203.0.113.66,, , 10.0.0.1"))
                .as("empty list elements are skipped, not hops").isEqualTo("203.0.113.66");
    }

    @Test
    void theWalkLooksAtABoundedNumberOfHops() {
        String trustedRun = String.join(", ", java.util.Collections.nCopies(XForwardedFor.MAX_HOPS + 5, "10.1.1.1"));
        assertThat(xffClient("10.0.0.2", "203.0.113.66, " + trustedRun))
                .as("past the bound the walk stops on a trusted hop, never the far-left claim").isEqualTo("10.1.1.1");
        String longTail = "203.0.113.7, " + ",".repeat(200_000) + " 10.0.0.1";
        assertThat(xffClient("10.0.0.2", longTail)).as("empty elements do not count").isEqualTo("203.0.113.7");
    }

    @Test
    void ipv6HopsAndPeersAreMatched() {
        assertThat(xffClient("fd00::2", "2001:db8::9, [fd00::1]:8443")).isEqualTo("2001:db8:0:0:0:0:0:9");
        assertThat(xffClient("::ffff:10.0.0.2", "203.0.113.7")).as("an IPv4-mapped peer matches 10.0.0.0/8")
                .isEqualTo("203.0.113.7");
    }

    @Test
    void theStandardHeaderIsWalkedTheSameWay() {
        assertThat(clientOf(true, "10.0.0.2", "forwarded",
                "for=198.51.100.9, for=\"[2001:db8:cafe::17]:4711\";proto=https, for=10.0.0.1;by=_lb"))
                .isEqualTo("2001:db8:cafe:0:0:0:0:17");
        assertThat(clientOf(true, "10.0.0.2", "forwarded", "For=\"203.0.113.7:443\"", "forwarded", "for=10.0.0.1"))
                .as("parameter names are case-insensitive; lines join").isEqualTo("203.0.113.7");
        assertThat(clientOf(true, "10.0.0.2", "forwarded", "for=203.0.113.66, for=_hidden, for=10.0.0.1"))
                .as("an obfuscated node ends the walk").isEqualTo("10.0.0.1");
        assertThat(clientOf(true, "10.0.0.2", "forwarded", "for=203.0.113.66, proto=https"))
                .as("an element without for= has no address").isEqualTo("10.0.0.2");
        assertThat(clientOf(true, "10.0.0.2", "forwarded", "for=\"with, comma\";x=\"a;b\", for=203.0.113.7"))
                .as("separators inside quotes are data").isEqualTo("203.0.113.7");
    }

    @Test
    void aForwardedHeaderThatDoesNotParseIsNotBelievedAtAll() {
        for (String bad : new String[] {"for=203.0.113.7;for=10.0.0.1", "for=\"203.0.113.7", "for=[2001:db8::1]",
                "for 203.0.113.7", "=203.0.113.7", "for=203.0.113.7 x", "for=\"a\\", "for=", "for=203.0.113.7:80"}) {
            assertThat(clientOf(true, "10.0.0.2", "forwarded", bad)).as(bad).isEqualTo("10.0.0.2");
        }
        assertThat(clientOf(true, "10.0.0.2", "forwarded", "for=203.0.113.7, x=" + "a".repeat(ForwardedFor.MAX_CHARS)))
                .as("too long to read").isEqualTo("10.0.0.2");
    }

    @Test
    void eachModeReadsOnlyItsOwnHeader() {
        assertThat(clientOf(false, "10.0.0.2", "forwarded", "for=203.0.113.66"))
                .as("X-Forwarded-For mode ignores Forwarded").isEqualTo("10.0.0.2");
        assertThat(clientOf(true, "10.0.0.2", "x-forwarded-for", "203.0.113.66"))
                .as("a proxy that writes only X-Forwarded-For cannot be told from a client's Forwarded")
                .isEqualTo("10.0.0.2");
    }
}
