package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.support.NettyHeaders;
import io.jpraxis.http.testing.TestGateway;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UpstreamRequestsTest {
    private static final UpstreamTarget TARGET =
            UpstreamTarget.detached(TestGateway.cluster("c"), new Endpoint("10.1.2.3", 8080, 1));

    private static HttpRequest client(String... headerPairs) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/p?q=1");
        for (int i = 0; i < headerPairs.length; i += 2) {
            request.headers().add(headerPairs[i], headerPairs[i + 1]);
        }
        return request;
    }

    private static RequestContext context(HttpRequest client) {
        HeaderMap headers = NettyHeaders.toHeaderMap(client.headers());
        return new RequestContext("main", "POST", RequestPath.of("/p"), "q=1", "http",
                new InetSocketAddress("192.0.2.7", 40000), headers, "req-1", Instant.EPOCH);
    }

    @Test
    void stripsHopByHopReservedAndExpect() {
        HttpRequest client = client("Host", "h", "Connection", "x-hop", "X-Hop", "1", "TE", "trailers",
                "Expect", "100-continue", "Content-Length", "3", "X-Keep", "k");
        RequestContext ctx = context(client);
        ctx.headers().set("x-praxis-model", "m").set("x-ext-protocol-version", "2");
        HttpRequest up = UpstreamRequests.build(ctx, client, TARGET);
        assertThat(up.headers().names()).doesNotContain("connection", "x-hop", "te", "expect", "x-praxis-model",
                "x-ext-protocol-version");
        assertThat(up.headers().get("x-keep")).isEqualTo("k");
        assertThat(up.protocolVersion()).isEqualTo(HttpVersion.HTTP_1_1);
        assertThat(up.uri()).isEqualTo("/p?q=1");
    }

    @Test
    void connectionTokensOfTheClientApplyEvenIfAFilterDroppedConnection() {
        HttpRequest client = client("Host", "h", "Connection", "x-secret", "X-Secret", "s");
        RequestContext ctx = context(client);
        ctx.headers().remove("connection");
        assertThat(UpstreamRequests.build(ctx, client, TARGET).headers().contains("x-secret")).isFalse();
    }

    @Test
    void aHeaderAFilterSetSurvivesTheClientNamingItInConnection() {
        // Hop-by-hop header abuse: a client lists a header the gateway adds, hoping to delete it.
        HttpRequest client = client("Host", "h", "Connection", "keep-alive, x-gateway-auth, x-hop",
                "X-Gateway-Auth", "forged", "X-Hop", "1");
        RequestContext ctx = context(client);
        ctx.headers().set("x-gateway-auth", "s3cret");
        HttpRequest up = UpstreamRequests.build(ctx, client, TARGET);
        assertThat(up.headers().getAll("x-gateway-auth")).as("the filter's value reaches the origin, the client's does not")
                .containsExactly("s3cret");
        assertThat(up.headers().contains("x-hop")).as("the client's own hop-by-hop header still goes").isFalse();
    }

    @Test
    void aValueAFilterAddedSurvivesWhileTheClientsListedLineGoes() {
        HttpRequest client = client("Host", "h", "Connection", "x-tag", "X-Tag", "from-client");
        RequestContext ctx = context(client);
        ctx.headers().add("x-tag", "from-filter");
        assertThat(UpstreamRequests.build(ctx, client, TARGET).headers().getAll("x-tag")).containsExactly("from-filter");
    }

    @Test
    void hostFirstFromTheWorkingHeaders() {
        HttpRequest client = client("X-A", "1", "Host", "orig.example");
        RequestContext ctx = context(client);
        ctx.headers().set("host", "rewritten.example");
        HttpRequest up = UpstreamRequests.build(ctx, client, TARGET);
        assertThat(up.headers().iteratorAsString().next().getKey()).isEqualToIgnoringCase("host");
        assertThat(up.headers().get("host")).isEqualTo("rewritten.example");
        assertThat(up.headers().get("x-forwarded-host")).as("the client's original Host").isEqualTo("orig.example");
    }

    @Test
    void forwardedKeepsTheClientsForHopsAndAppendsThisHop() {
        HttpRequest client = client("Host", "shop.example:8080",
                "Forwarded", "for=198.51.100.7;proto=https;host=evil.example;by=10.0.0.1",
                "Forwarded", "for=\"[2001:db8::9]:4711\"");
        EdgeMetrics metrics = new EdgeMetrics();
        HttpRequest up = UpstreamRequests.build(context(client), client, TARGET, null, false, metrics);
        assertThat(up.headers().getAll("forwarded")).as("one line: earlier for= hops in order, then ours (RFC 7239 4)")
                .containsExactly("for=198.51.100.7, for=\"[2001:db8::9]:4711\", "
                        + "for=192.0.2.7;host=\"shop.example:8080\";proto=http");
        assertThat(metrics.unparsedForwardedCount()).isZero();
    }

    @Test
    void forwardedThatDoesNotParseIsReplacedAndCounted() {
        HttpRequest client = client("Host", "h", "Forwarded", "for=1.2.3.4;proto=https garbage");
        EdgeMetrics metrics = new EdgeMetrics();
        HttpRequest up = UpstreamRequests.build(context(client), client, TARGET, null, false, metrics);
        assertThat(up.headers().getAll("forwarded")).as("its hops cannot be told apart: ours alone")
                .containsExactly("for=192.0.2.7;host=h;proto=http");
        assertThat(metrics.unparsedForwardedCount()).isEqualTo(1);
    }

    @Test
    void forwardedQuotesAnIpv6Client() {
        HttpRequest client = client("Host", "h");
        RequestContext ctx = new RequestContext("main", "GET", RequestPath.of("/"), null, "http",
                new InetSocketAddress("2001:db8::1", 40000), NettyHeaders.toHeaderMap(client.headers()), "r",
                Instant.EPOCH);
        assertThat(UpstreamRequests.build(ctx, client, TARGET).headers().get("forwarded"))
                .as("RFC 7239 6: bracketed and quoted").isEqualTo("for=\"[2001:db8:0:0:0:0:0:1]\";host=h;proto=http");
    }

    @Test
    void clusterAuthorityWins() {
        HttpRequest client = client("Host", "orig.example");
        UpstreamTarget target = UpstreamTarget.detached(TestGateway.cluster("c", null, null, null, "svc.internal"),
                new Endpoint("10.1.2.3", 8080, 1));
        assertThat(UpstreamRequests.build(context(client), client, target).headers().get("host")).isEqualTo("svc.internal");
    }

    @Test
    void endpointAddressWhenThereIsNoHost() {
        HttpRequest client = client();
        assertThat(UpstreamRequests.build(context(client), client, TARGET).headers().get("host")).isEqualTo("10.1.2.3:8080");
    }

    @Test
    void framingComesFromTheClientNotTheFilters() {
        HttpRequest client = client("Host", "h", "Content-Length", "5");
        RequestContext ctx = context(client);
        ctx.headers().set("content-length", "999").set("transfer-encoding", "chunked");
        HttpRequest up = UpstreamRequests.build(ctx, client, TARGET);
        assertThat(up.headers().get("content-length")).isEqualTo("5");
        assertThat(up.headers().contains("transfer-encoding")).isFalse();

        HttpRequest chunked = client("Host", "h", "Transfer-Encoding", "chunked");
        HttpRequest upChunked = UpstreamRequests.build(context(chunked), chunked, TARGET);
        assertThat(upChunked.headers().get("transfer-encoding")).isEqualTo("chunked");
        assertThat(upChunked.headers().contains("content-length")).isFalse();
    }

    @Test
    void forwardedForAppendsToEveryEarlierLine() {
        HttpRequest client = client("Host", "h", "X-Forwarded-For", "1.1.1.1", "X-Forwarded-For", "2.2.2.2, 3.3.3.3");
        HttpRequest up = UpstreamRequests.build(context(client), client, TARGET);
        assertThat(up.headers().getAll("x-forwarded-for")).containsExactly("1.1.1.1, 2.2.2.2, 3.3.3.3, 192.0.2.7");
        assertThat(up.headers().get("x-forwarded-proto")).isEqualTo("http");
    }

    /**
     * The one-pass build gives the head the earlier edit-a-copy-then-convert build gave (kept here
     * as the reference), line for line and in order, over client and filter shapes that touch every
     * rule; and it leaves the working headers as the filters left them.
     */
    @Test
    void onePassHeadIsWhatEditingACopyGave() {
        List<String[]> clients = List.of(
                new String[] {"Host", "gw", "Accept", "*/*", "X-Keep", "k"},
                new String[] {"Host", "gw", "Connection", "keep-alive, X-Hop", "X-Hop", "h", "Keep-Alive", "5",
                        "TE", "trailers", "Expect", "100-continue", "Content-Length", "3"},
                new String[] {"Host", "gw", "Forwarded", "for=10.0.0.1;by=x", "Forwarded", "proto=https"},
                new String[] {"Host", "gw", "X-Forwarded-For", "10.0.0.1", "X-Forwarded-For", "10.0.0.2",
                        "X-Forwarded-Proto", "https", "X-Forwarded-Host", "evil", "X-Praxis-Iterative-Depth", "1"},
                new String[] {"Transfer-Encoding", "chunked", "Upgrade", "h2c", "Proxy-Authorization", "p",
                        "x-a", "1", "X-A", "2"});
        for (String[] pairs : clients) {
            for (int shape = 0; shape < 3; shape++) {
                HttpRequest client = client(pairs);
                RequestContext ctx = context(client);
                switch (shape) {
                    case 1 -> ctx.headers().set("connection", "x-filter-hop").add("x-filter-hop", "f")
                            .add("x-praxis-route", "r").set("host", "filter-host");
                    case 2 -> ctx.headers().add("x-forwarded-for", "203.0.113.9").add("x-hop", "set by a filter");
                    default -> { }
                }
                String before = ctx.headers().toString();
                HttpRequest expected = reference(ctx, client);
                HttpRequest actual = UpstreamRequests.build(ctx, client, TARGET);
                assertThat(lines(actual)).as("client %s, filter shape %d", List.of(pairs), shape)
                        .isEqualTo(lines(expected));
                assertThat(ctx.headers().toString()).as("working headers untouched").isEqualTo(before);
            }
        }
    }

    private static List<String> lines(HttpRequest request) {
        return request.headers().entries().stream().map(e -> e.getKey() + ": " + e.getValue()).toList();
    }

    /** The build as it was before the one-pass version: edit a copy of the working headers, then convert. */
    private static HttpRequest reference(RequestContext ctx, HttpRequest client) {
        HeaderMap headers = ctx.headers().copy();
        List<String> connectionLines = client.headers().getAll("connection");
        if (!connectionLines.isEmpty()) {
            Set<String> listed = new LinkedHashSet<>();
            listed.add("connection");
            for (String line : connectionLines) {
                for (String token : line.split(",")) {
                    if (!token.isBlank()) {
                        listed.add(HeaderMap.normalize(token.trim()));
                    }
                }
            }
            for (String name : listed) {
                List<String> sent = client.headers().getAll(name);
                if (sent.isEmpty() || !headers.contains(name)) {
                    continue;
                }
                List<String> kept = new ArrayList<>(headers.getAll(name));
                sent.forEach(kept::remove);
                headers.remove(name);
                kept.forEach(v -> headers.add(name, v));
            }
        }
        HopByHopHeaders.strip(headers);
        ReservedHeaders.strip(headers);
        headers.remove("expect");
        headers.remove("content-length");
        ForwardedHeaders.apply(headers, ctx);
        String host = UpstreamRequests.upstreamHost(ctx, TARGET);
        headers.remove("host");
        HttpHeaders out = DefaultHttpHeadersFactory.headersFactory().newHeaders();
        out.add(HttpHeaderNames.HOST, host);
        NettyHeaders.addAll(out, headers, null);
        boolean chunked = HttpUtil.isTransferEncodingChunked(client);
        long length = chunked ? -1L : HttpUtil.getContentLength(client, -1L);
        if (chunked) {
            out.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        } else if (length >= 0) {
            out.set(HttpHeaderNames.CONTENT_LENGTH, length);
        }
        return new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(ctx.method()), ctx.target(), out);
    }
}
