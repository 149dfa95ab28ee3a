package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ClusterHttpConfig.HttpVersion;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.testkit.H2Origin;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import io.jpraxis.testkit.TestTls;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Clusters with {@code http.version} {@code h2} and {@code auto} against real HTTP/2 origins (see
 * docs/behaviour/upstream-http2.md): multiplexing, the origin's stream limit, GOAWAY and refused
 * streams, flow-controlled bodies, trailers both ways, and ALPN over TLS.
 */
@Timeout(60)
class UpstreamHttp2Test {

    @Test
    void hundredConcurrentRequestsShareOneUpstreamConnection() {
        try (H2Origin origin = H2Origin.builder().holdUntilOpen(100).start();
                TestGateway gw = gateway(h2c(origin));
                H2cClient client = H2cClient.connect(gw.port())) {
            List<H2Response> responses = sendAll(client, 100);

            assertThat(responses).as("every request answered").allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
            assertThat(origin.mostOpenAtOnce()).as("the origin held every answer until all were open at once")
                    .isEqualTo(100);
            assertThat(origin.acceptedConnections()).as("all 100 streams on one upstream connection").isEqualTo(1);
            assertThat(responses.getFirst().header("x-seen-scheme")).isEqualTo("http");
            assertThat(responses.getFirst().header("x-seen-authority")).as("Host travels as :authority")
                    .isEqualTo("test");
        }
    }

    @Test
    void originStreamLimitOpensAnotherConnection() {
        try (H2Origin origin = H2Origin.builder().maxConcurrentStreams(10).holdUntilOpen(20).start();
                TestGateway gw = gateway(h2c(origin));
                H2cClient client = H2cClient.connect(gw.port())) {
            List<H2Response> responses = sendAll(client, 20);

            assertThat(responses).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
            assertThat(origin.mostOpenAtOnce()).isEqualTo(20);
            assertThat(origin.acceptedConnections()).as("SETTINGS_MAX_CONCURRENT_STREAMS 10: two connections for 20")
                    .isEqualTo(2);
        }
    }

    @Test
    void streamsTurnedAwayByGoAwayAreSentAgainUnseenByTheClient() {
        // The first connection's 40th stream triggers GOAWAY naming its 20th as the last processed.
        try (H2Origin origin = H2Origin.builder().holdUntilOpen(40).goAway(40, 20).start();
                TestGateway gw = gateway(h2c(origin));
                H2cClient client = H2cClient.connect(gw.port())) {
            List<H2Response> responses = sendAll(client, 100);

            assertThat(responses).as("no client sees the GOAWAY").allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
            assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.REFUSED_STREAM))
                    .as("streams 21 to 40 at least were turned away and retried").isGreaterThanOrEqualTo(20);
            assertThat(origin.acceptedConnections()).as("retries go to a new connection").isGreaterThanOrEqualTo(2);
            assertThat(gw.gateway().metrics().h2GoAways()).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void refusedStreamIsRetriedWhateverTheMethod() {
        for (String method : List.of("GET", "POST")) {
            try (H2Origin origin = H2Origin.builder().refuseFirst(1).start();
                    TestGateway gw = gateway(h2c(origin));
                    H2cClient client = H2cClient.connect(gw.port())) {
                H2Response response = H2cClient.await(client.send(H2cClient.headers(method, "/b"), 1000));

                assertThat(response.status()).as(method + ": REFUSED_STREAM means unprocessed, so any method goes again")
                        .isEqualTo(200);
                assertThat(response.header("x-body-sha256")).as("the replayed body arrives whole")
                        .isEqualTo(TestData.sha256(1000));
                assertThat(origin.refusedStreams()).isEqualTo(1);
                assertThat(origin.acceptedConnections()).as("the retry goes on a new connection").isEqualTo(2);
                assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.REFUSED_STREAM)).isEqualTo(1);
            }
        }
    }

    @Test
    void megabyteBodiesStreamBothWaysUnderFlowControl() {
        int length = 1 << 20;
        try (H2Origin origin = H2Origin.builder().start();
                TestGateway gw = gateway(h2c(origin));
                H2cClient client = H2cClient.connect(gw.port())) {
            H2Response response = H2cClient.await(client.send(H2cClient.headers("POST", "/up")
                    .add("x-download", String.valueOf(length)), length));

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("x-body-sha256")).as("the upload crossed 64 KiB stream windows intact")
                    .isEqualTo(TestData.sha256(length));
            assertThat(response.bodyBytes()).isEqualTo(length);
            assertThat(response.bodySha256()).as("so did the download").isEqualTo(TestData.sha256(length));
        }
    }

    @Test
    void trailersCrossBothWaysAndTeTrailersReachesTheOrigin() {
        try (H2Origin origin = H2Origin.builder().start();
                TestGateway gw = gateway(h2c(origin));
                H2cClient client = H2cClient.connect(gw.port())) {
            CompletableFuture<H2Response> pending = client.sendFrames(H2cClient.headers("POST", "/t")
                            .add("te", "trailers").add("x-send-trailers", "1"),
                    new DefaultHttp2DataFrame(Unpooled.copiedBuffer("abc", StandardCharsets.US_ASCII)),
                    new DefaultHttp2HeadersFrame(new DefaultHttp2Headers(false).add("x-checksum", "900150983cd2")
                            .add("x-praxis-model", "forged"), true));
            H2Response response = H2cClient.await(pending);

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("x-seen-te")).as("te: trailers is restored on the h2 leg").isEqualTo("trailers");
            assertThat(response.header("x-body-bytes")).isEqualTo("3");
            assertThat(response.trailer("x-echo-x-checksum")).as("the request trailer reached the origin")
                    .isEqualTo("900150983cd2");
            assertThat(response.trailers()).as("a reserved request trailer stops at the edge")
                    .doesNotContainKey("x-echo-x-praxis-model");
            assertThat(response.trailer("x-origin-trailer")).as("the origin's trailer reached the client")
                    .isEqualTo("done");
        }
    }

    @Test
    void teIsNotSentWhenTheClientDidNotAskForTrailers() {
        try (H2Origin origin = H2Origin.builder().start();
                TestGateway gw = gateway(h2c(origin));
                H2cClient client = H2cClient.connect(gw.port())) {
            assertThat(H2cClient.await(client.get("/")).header("x-seen-te")).isEmpty();
        }
    }

    @Test
    void originTrailersReachAnHttp11ClientAsChunkedTrailers() throws Exception {
        try (H2Origin origin = H2Origin.builder().start();
                TestGateway gw = gateway(h2c(origin));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("POST /t HTTP/1.1\r\nHost: test\r\nConnection: close\r\nTE: trailers\r\nx-send-trailers: 1\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Checksum: 42\r\n\r\n");
            String raw = new String(client.input().readAllBytes(), StandardCharsets.ISO_8859_1).toLowerCase();

            assertThat(raw).startsWith("http/1.1 200");
            assertThat(raw).as("chunked, so trailers can follow").contains("transfer-encoding: chunked");
            assertThat(raw).as("the h1 request's chunked trailer reached the h2 origin and came back")
                    .contains("\r\nx-echo-x-checksum: 42\r\n");
            assertThat(raw).contains("\r\nx-origin-trailer: done\r\n");
        }
    }

    @Test
    void hopByHopFieldsNeverReachTheH2Leg() throws Exception {
        try (H2Origin origin = H2Origin.builder().start();
                TestGateway gw = gateway(h2c(origin));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\nConnection: keep-alive, x-hop\r\nKeep-Alive: timeout=5\r\n"
                    + "X-Hop: 1\r\nTE: gzip\r\nX-Kept: yes\r\n\r\n");
            assertThat(client.readResponse().status()).isEqualTo(200);

            var head = origin.requestHeads().getFirst();
            assertThat(head.get("x-kept")).hasToString("yes");
            for (String name : List.of("connection", "keep-alive", "x-hop", "te", "host", "transfer-encoding")) {
                assertThat(head.contains(name)).as(name + " stays off the h2 leg").isFalse();
            }
        }
    }

    @Test
    void idleConnectionIsClosedAfterTheClustersIdleTimeout() {
        try (H2Origin origin = H2Origin.builder().start();
                TestGateway gw = gateway(h2c(origin).idleMs(300));
                H2cClient client = H2cClient.connect(gw.port())) {
            assertThat(H2cClient.await(client.get("/")).status()).isEqualTo(200);
            assertThat(gw.gateway().metrics().openH2Connections()).as("the pool gauge counts it").isEqualTo(1);

            assertThat(Waits.until(() -> origin.openConnections() == 0)).as("closed once idle past 300 ms").isTrue();
            assertThat(gw.gateway().metrics().openH2Connections()).isZero();
            assertThat(gw.gateway().metrics().openH2Streams()).isZero();
        }
    }

    @Test
    void tlsOriginIsReachedByAlpnH2() throws Exception {
        try (H2Origin origin = H2Origin.builder().tls().start();
                TestGateway gw = gateway(tls(origin, HttpVersion.H2));
                H2cClient client = H2cClient.connect(gw.port())) {
            List<H2Response> responses = sendAll(client, 10);
            assertThat(responses).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
            assertThat(responses.getFirst().header("x-seen-scheme")).isEqualTo("https");
            assertThat(origin.acceptedConnections()).isEqualTo(1);
        }
    }

    @Test
    void autoOverTlsUsesH2WhenTheOriginPicksIt() throws Exception {
        try (H2Origin origin = H2Origin.builder().tls().start();
                TestGateway gw = gateway(tls(origin, HttpVersion.AUTO));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("x-connection")).as("only the HTTP/2 origin answers with x-connection")
                    .isEqualTo("1");
            assertThat(response.header("x-seen-scheme")).isEqualTo("https");
            assertThat(response.header("x-seen-te")).isEmpty();
        }
    }

    @Test
    void autoOverTlsSpeaksHttp11WhenTheOriginDoesNotPickH2() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("h1-only").tls().start();
                TestGateway gw = gateway(TestCluster.named("c").endpoint(origin).version(HttpVersion.AUTO)
                        .tls(null, true, TestTls.file(TestTls.CA)));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse first = client.get("/one");
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.echo().origin()).isEqualTo("h1-only");
            assertThat(client.get("/two").status()).isEqualTo(200);
            assertThat(origin.acceptedConnections()).as("the HTTP/1.1 connection is pooled and reused").isEqualTo(1);
        }
    }

    @Test
    void autoBurstToAnHttp11OriginGetsOneConnectionEach() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("h1-only").tls().start();
                TestGateway gw = gateway(TestCluster.named("c").endpoint(origin).version(HttpVersion.AUTO)
                        .tls(null, true, TestTls.file(TestTls.CA)))) {
            List<CompletableFuture<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                statuses.add(CompletableFuture.supplyAsync(() -> {
                    try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                        return client.get("/burst").status();
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }));
            }
            assertThat(statuses).allSatisfy(s -> assertThat(s.join()).isEqualTo(200));
            assertThat(origin.acceptedConnections()).as("HTTP/1.1 carries one exchange at a time")
                    .isBetween(1, 5);
        }
    }

    @Test
    void h2ClusterWhoseOriginDoesNotPickH2Is502WithTheReason() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("h1-only").tls().start();
                TestGateway gw = gateway(TestCluster.named("c").endpoint(origin).version(HttpVersion.H2)
                        .tls(null, true, TestTls.file(TestTls.CA)));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"upstream did not agree to HTTP/2\"}");
            assertThat(origin.requestCount()).isZero();
        }
    }

    @Test
    void autoInCleartextSpeaksHttp11() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("plain").start();
                TestGateway gw = gateway(TestCluster.named("c").endpoint(origin).version(HttpVersion.AUTO));
                RawHttpConnection client = RawHttpConnection.open(gw.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.echo().origin()).isEqualTo("plain");
        }
    }

    private static List<H2Response> sendAll(H2cClient client, int count) {
        List<CompletableFuture<H2Response>> pending = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            pending.add(client.get("/r" + i));
        }
        return pending.stream().map(H2cClient::await).toList();
    }

    private static TestCluster h2c(H2Origin origin) {
        return TestCluster.named("c").endpoint(origin.host(), origin.port()).version(HttpVersion.H2);
    }

    private static TestCluster tls(H2Origin origin, HttpVersion version) {
        return TestCluster.named("c").endpoint(origin.host(), origin.port()).version(version)
                .tls(null, true, TestTls.file(TestTls.CA));
    }

    /** One event loop, so every stream of the client's connection reaches the same upstream pool. */
    private static TestGateway gateway(TestCluster cluster) {
        return TestGateway.builder().runtime(1, 64, null).filter(TestFilters.firstEndpoint(cluster.state())).start();
    }
}
