package io.jpraxis.http.subrequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.subrequest.SubRequest;
import io.jpraxis.core.subrequest.SubResponse;
import io.jpraxis.core.subrequest.TransportError;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.core.upstream.Reselector;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.server.Transport;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.upstream.Http1Connector;
import io.jpraxis.http.upstream.PrivateUpstreamGuard;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.resolver.DefaultAddressResolverGroup;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The edge's sub-request client against real loopback origins, over the proxy's own pool. */
@Timeout(20)
class LoopSubRequestClientTest {
    private static final long TEN_MIB = 10L * 1024 * 1024;
    private static final ClusterConfig CLUSTER = TestGateway.cluster("c");

    private EventLoopGroup group;
    private EventLoop loop;
    private EdgeMetrics metrics;
    private Http1Connector connector;
    private LoopSubRequestClient client;

    @BeforeEach
    void setUp() {
        group = Transport.nio().newEventLoopGroup(1);
        loop = group.next();
        metrics = new EdgeMetrics();
        connector = new Http1Connector(Transport.nio().socketChannelType(), DefaultAddressResolverGroup.INSTANCE, 4,
                WriteBufferWaterMark.DEFAULT, metrics);
        client = new LoopSubRequestClient(loop, connector, metrics, Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        connector.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static UpstreamTarget target(ClusterConfig cluster, String host, int port) {
        return UpstreamTarget.detached(cluster, new Endpoint(host, port, 1));
    }

    private static UpstreamTarget target(TestOrigin origin) {
        return target(CLUSTER, origin.host(), origin.port());
    }

    private static SubRequest get(UpstreamTarget target, HeaderMap headers) {
        return new SubRequest(target, "GET", "/step?x=1", headers, new byte[0], Instant.now().plusSeconds(10), TEN_MIB);
    }

    private static SubResponse await(CompletableFuture<SubResponse> pending) throws Exception {
        return pending.get(15, TimeUnit.SECONDS);
    }

    private SubResponse send(SubRequest request) throws Exception {
        return await(client.send(request).toCompletableFuture());
    }

    private static SubResponse.Received received(SubResponse response) {
        assertThat(response).as("a whole response, not a transport failure").isInstanceOf(SubResponse.Received.class);
        return (SubResponse.Received) response;
    }

    private static SubResponse.Failed failed(SubResponse response, TransportError kind) {
        assertThat(response).isInstanceOf(SubResponse.Failed.class);
        SubResponse.Failed failed = (SubResponse.Failed) response;
        assertThat(failed.kind()).as("transport kind (%s)", failed.detail()).isEqualTo(kind);
        return failed;
    }

    private static void eventually(String what, BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(until);
            Thread.sleep(10);
        }
    }

    // ---- responses ----

    @Test
    void buffersAContentLengthResponse() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            SubResponse.Received response = received(send(get(target(origin), new HeaderMap())));
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.headers().get("content-type")).isEqualTo("application/json");
            assertThat(response.headers().get("content-length")).isEqualTo(Integer.toString(response.body().length));
            EchoResponse echo = EchoResponse.parse(response.body());
            assertThat(echo.method()).isEqualTo("GET");
            assertThat(echo.uri()).as("origin-form target as given").isEqualTo("/step?x=1");
        }
    }

    @Test
    void decodesAChunkedResponseWhole() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            HeaderMap headers = new HeaderMap().set(OriginCommands.DOWNLOAD, "100000");
            SubResponse.Received response = received(send(get(target(origin), headers)));
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.body()).hasSize(100_000);
            assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(response.body())))
                    .as("the pattern bytes, de-chunked").isEqualTo(TestData.sha256(100_000));
            assertThat(response.headers().contains("transfer-encoding")).as("hop-by-hop framing dropped").isFalse();
        }
    }

    @Test
    void headAnswerHasNoBodyAndKeepsTheConnection() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(head -> head.startsWith("HEAD")
                ? "HTTP/1.1 200 OK\r\nContent-Length: 5000\r\nX-Kind: head\r\n\r\n"
                : "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")) {
            UpstreamTarget target = target(CLUSTER, "127.0.0.1", origin.port());
            SubRequest head = new SubRequest(target, "HEAD", "/", new HeaderMap(), new byte[0],
                    Instant.now().plusSeconds(10), 100);
            SubResponse.Received response = received(send(head));
            assertThat(response.body()).as("HEAD has no body, whatever Content-Length says").isEmpty();
            assertThat(response.headers().get("content-length")).as("kept as the origin sent it").isEqualTo("5000");
            SubResponse.Received next = received(send(get(target, new HeaderMap())));
            assertThat(new String(next.body(), StandardCharsets.US_ASCII)).isEqualTo("ok");
            assertThat(origin.acceptedConnections()).as("the HEAD left the connection reusable").isEqualTo(1);
        }
    }

    @Test
    void noContentAnswerHasNoBody() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(head -> head.contains("/empty")
                ? "HTTP/1.1 204 No Content\r\nX-Kind: none\r\n\r\n"
                : "HTTP/1.1 304 Not Modified\r\nETag: \"a\"\r\n\r\n")) {
            UpstreamTarget target = target(CLUSTER, "127.0.0.1", origin.port());
            SubResponse.Received noContent = received(send(new SubRequest(target, "DELETE", "/empty", new HeaderMap(),
                    new byte[0], Instant.now().plusSeconds(10), 100)));
            assertThat(noContent.status()).isEqualTo(204);
            assertThat(noContent.body()).isEmpty();
            assertThat(noContent.headers().get("x-kind")).isEqualTo("none");
            SubResponse.Received notModified = received(send(get(target, new HeaderMap())));
            assertThat(notModified.status()).isEqualTo(304);
            assertThat(notModified.body()).isEmpty();
            assertThat(origin.acceptedConnections()).as("both on one kept-alive connection").isEqualTo(1);
        }
    }

    // ---- what goes upstream ----

    @Test
    void sendsHeadersWithHostDepthAndRecomputedFraming() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            HeaderMap headers = new HeaderMap()
                    .add("connection", "keep-alive, x-listed")
                    .add("x-listed", "hop")
                    .add("te", "trailers")
                    .add("upgrade", "h2c")
                    .add("transfer-encoding", "chunked")
                    .add("content-length", "999")
                    .add("expect", "100-continue")
                    .add("x-praxis-model", "gpt")
                    .add("x-ext-agent-id", "a")
                    .add("x-ext-protocol-name", "p")
                    .add("x-praxis-iterative-depth", "2")
                    .add("authorization", "Bearer step")
                    .add("x-custom", "kept");
            byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
            SubRequest post = new SubRequest(target(origin), "POST", "/v1/chat", headers, body,
                    Instant.now().plusSeconds(10), TEN_MIB);
            EchoResponse echo = EchoResponse.parse(received(send(post)).body());
            assertThat(echo.method()).isEqualTo("POST");
            assertThat(echo.header("host")).as("the endpoint when neither headers nor cluster name one")
                    .isEqualTo(origin.address());
            assertThat(echo.headerValues("content-length")).as("from the body, not the stale header").containsExactly("5");
            assertThat(echo.bodyBytes()).isEqualTo(5);
            assertThat(echo.headerValues("x-praxis-iterative-depth")).as("docs/behaviour/routing-headers.md#reserved-header-prefixes: the one reserved header sent")
                    .containsExactly("2");
            assertThat(echo.header("authorization")).isEqualTo("Bearer step");
            assertThat(echo.header("x-custom")).isEqualTo("kept");
            for (String gone : List.of("x-listed", "te", "upgrade", "transfer-encoding", "expect", "x-praxis-model",
                    "x-ext-agent-id", "x-ext-protocol-name")) {
                assertThat(echo.hasHeader(gone)).as("%s is not sent upstream", gone).isFalse();
            }
            assertThat(echo.headerValues("connection")).as("hop-by-hop: the client's Connection is not relayed")
                    .doesNotContain("keep-alive, x-listed");
        }
    }

    @Test
    void hostComesFromTheClusterAuthorityUnlessTheStepSetOne() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterConfig withAuthority = TestGateway.cluster("api", null, null, null, "api.example.test");
            UpstreamTarget target = target(withAuthority, origin.host(), origin.port());
            EchoResponse byCluster = EchoResponse.parse(received(send(get(target, new HeaderMap()))).body());
            assertThat(byCluster.header("host")).isEqualTo("api.example.test");
            EchoResponse byStep = EchoResponse.parse(received(send(get(target,
                    new HeaderMap().set("host", "step.example.test")))).body());
            assertThat(byStep.headerValues("host")).containsExactly("step.example.test");
        }
    }

    @Test
    void emptyGetCarriesNoContentLengthButAnEmptyPostDoes() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            EchoResponse getEcho = EchoResponse.parse(received(send(get(target(origin), new HeaderMap()))).body());
            assertThat(getEcho.hasHeader("content-length")).as("RFC 9110 8.6").isFalse();
            SubRequest post = new SubRequest(target(origin), "POST", "/", new HeaderMap(), new byte[0],
                    Instant.now().plusSeconds(10), TEN_MIB);
            EchoResponse postEcho = EchoResponse.parse(received(send(post)).body());
            assertThat(postEcho.headerValues("content-length")).containsExactly("0");
        }
    }

    @Test
    void aTargetNoWireCanCarryFailsTheStageAsAProgrammingError() {
        SubRequest bad = new SubRequest(target(CLUSTER, "127.0.0.1", 1), "GET", "/a b", new HeaderMap(), new byte[0],
                Instant.now().plusSeconds(10), 100);
        assertThatThrownBy(() -> client.send(bad).toCompletableFuture().get(5, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(IllegalArgumentException.class);
    }

    // ---- failures ----

    @Test
    void refusedConnectionIsAConnectFailure() throws Exception {
        int port = TestOrigin.unusedPort();
        SubResponse.Failed failed = failed(send(get(target(CLUSTER, "127.0.0.1", port), new HeaderMap())),
                TransportError.CONNECT);
        assertThat(failed.detail()).contains("refused").contains("127.0.0.1:" + port);
    }

    @Test
    void silentOriginEndsAtTheDeadlineAndItsConnectionIsClosed() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            SubRequest request = new SubRequest(target(origin), "GET", "/", new HeaderMap().set(OriginCommands.FAIL, "hang"),
                    new byte[0], Instant.now().plusMillis(300), TEN_MIB);
            failed(send(request), TransportError.DEADLINE_EXCEEDED);
            eventually("the hung connection is closed, not pooled", () -> origin.openConnections() == 0);
            assertThat(connector.idleConnections()).isZero();
        }
    }

    @Test
    void deadlineAlreadyPassedSendsNothing() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            SubRequest late = new SubRequest(target(origin), "GET", "/", new HeaderMap(), new byte[0],
                    Instant.now().minusMillis(1), TEN_MIB);
            failed(send(late), TransportError.DEADLINE_EXCEEDED);
            assertThat(origin.acceptedConnections()).isZero();
        }
    }

    @Test
    void declaredLengthOverTheLimitIsTooLarge() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            HeaderMap headers = new HeaderMap().set(OriginCommands.DOWNLOAD, "100000").set(OriginCommands.FRAMING, "length");
            SubRequest request = new SubRequest(target(origin), "GET", "/", headers, new byte[0],
                    Instant.now().plusSeconds(10), 1000);
            failed(send(request), TransportError.RESPONSE_TOO_LARGE);
            eventually("the connection is closed, not pooled", () -> origin.openConnections() == 0);
            assertThat(connector.idleConnections()).isZero();
        }
    }

    @Test
    void chunkedBodyGrowingOverTheLimitIsTooLarge() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            SubRequest request = new SubRequest(target(origin), "GET", "/",
                    new HeaderMap().set(OriginCommands.DOWNLOAD, "100000"), new byte[0], Instant.now().plusSeconds(10), 1000);
            failed(send(request), TransportError.RESPONSE_TOO_LARGE);
            eventually("the connection is closed, not pooled", () -> origin.openConnections() == 0);
        }
    }

    @Test
    void bodyExactlyAtTheLimitIsReceived() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            SubRequest request = new SubRequest(target(origin), "GET", "/",
                    new HeaderMap().set(OriginCommands.DOWNLOAD, "1000"), new byte[0], Instant.now().plusSeconds(10), 1000);
            assertThat(received(send(request)).body()).hasSize(1000);
        }
    }

    @Test
    void originClosingMidBodyIsAnIoFailure() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            SubRequest request = new SubRequest(target(origin), "GET", "/",
                    new HeaderMap().set(OriginCommands.FAIL, "close_mid_body"), new byte[0], Instant.now().plusSeconds(10),
                    TEN_MIB);
            failed(send(request), TransportError.IO);
            assertThat(connector.idleConnections()).isZero();
        }
    }

    @Test
    void clusterAtMaxConnectionsIsAnAdmissionFailure() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            ClusterConfig capped = new ClusterConfig("capped", List.of(), ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN,
                    null, null, null, null, null, null, 1, null, null, null, null, SourceRef.synthetic("test"));
            ClusterState state = new ClusterState(capped);
            UpstreamTarget target = new UpstreamTarget(state,
                    new EndpointState(new Endpoint(origin.host(), origin.port(), 1), null), Reselector.NONE);
            assertThat(state.tryAcquireSlot()).as("another request holds the only slot").isTrue();
            failed(send(get(target, new HeaderMap())), TransportError.ADMISSION_TIMEOUT);
            assertThat(origin.acceptedConnections()).isZero();
            state.releaseSlot();
            received(send(get(target, new HeaderMap())));
            assertThat(state.inFlight()).as("the sub-request gave its slot back").isZero();
            assertThat(target.endpointState().inFlight()).isZero();
        }
    }

    // ---- the pool ----

    @Test
    void reusesThePooledConnectionButNotOneThatFailed() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            received(send(get(target(origin), new HeaderMap())));
            received(send(get(target(origin), new HeaderMap())));
            assertThat(origin.acceptedConnections()).as("the second sub-request reused the first one's connection")
                    .isEqualTo(1);
            assertThat(metrics.upstreamReuses()).isEqualTo(1);
            SubRequest tooLarge = new SubRequest(target(origin), "GET", "/",
                    new HeaderMap().set(OriginCommands.DOWNLOAD, "5000"), new byte[0], Instant.now().plusSeconds(10), 100);
            failed(send(tooLarge), TransportError.RESPONSE_TOO_LARGE);
            received(send(get(target(origin), new HeaderMap())));
            assertThat(origin.acceptedConnections()).as("the failed one was closed, so a new connection was opened")
                    .isEqualTo(2);
        }
    }

    /** Answers the first request on each connection; closes on the second without a word (a stale pooled connection). */
    private static ScriptedOrigin answersOncePerConnection() throws java.io.IOException {
        return new ScriptedOrigin((head, index) -> index == 0 ? "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok" : null);
    }

    @Test
    void idempotentSubRequestOnAStalePooledConnectionIsRetriedOnAFreshOne() throws Exception {
        try (ScriptedOrigin origin = answersOncePerConnection()) {
            UpstreamTarget target = target(CLUSTER, "127.0.0.1", origin.port());
            received(send(get(target, new HeaderMap())));
            SubResponse.Received retried = received(send(get(target, new HeaderMap())));
            assertThat(new String(retried.body(), StandardCharsets.US_ASCII)).isEqualTo("ok");
            assertThat(origin.acceptedConnections()).as("the retry opened a new connection").isEqualTo(2);
            assertThat(metrics.upstreamRetries()).isEqualTo(1);
        }
    }

    @Test
    void postOnAStalePooledConnectionIsNotRetried() throws Exception {
        try (ScriptedOrigin origin = answersOncePerConnection()) {
            UpstreamTarget target = target(CLUSTER, "127.0.0.1", origin.port());
            received(send(get(target, new HeaderMap())));
            SubRequest post = new SubRequest(target, "POST", "/", new HeaderMap(), "x".getBytes(StandardCharsets.UTF_8),
                    Instant.now().plusSeconds(10), 100);
            failed(send(post), TransportError.IO);
            assertThat(origin.acceptedConnections()).as("a non-idempotent request may have been processed").isEqualTo(1);
        }
    }

    @Test
    void connectionClosingResponseIsNotPooled() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            received(send(get(target(origin), new HeaderMap().set(OriginCommands.CLOSE, "true"))));
            assertThat(connector.idleConnections()).isZero();
            received(send(get(target(origin), new HeaderMap())));
            assertThat(origin.acceptedConnections()).isEqualTo(2);
        }
    }

    // ---- threads ----

    @Test
    void completesOnTheClientsEventLoop() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            CompletableFuture<Boolean> fromLoop = new CompletableFuture<>();
            loop.execute(() -> client.send(get(target(origin), new HeaderMap().set(OriginCommands.DELAY_MS, "50")))
                    .whenComplete((r, e) -> fromLoop.complete(loop.inEventLoop())));
            assertThat(fromLoop.get(10, TimeUnit.SECONDS)).as("sent on the loop, completed on it").isTrue();

            CompletableFuture<Boolean> fromElsewhere = new CompletableFuture<>();
            client.send(get(target(origin), new HeaderMap().set(OriginCommands.DELAY_MS, "50")))
                    .whenComplete((r, e) -> fromElsewhere.complete(loop.inEventLoop()));
            assertThat(fromElsewhere.get(10, TimeUnit.SECONDS)).as("sent from a test thread, still completed on the loop")
                    .isTrue();
        }
    }

    // ---- private upstreams ----

    @Test
    void hostNameResolvingToLoopbackIsRefusedWithoutAllowPrivateUpstreams() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o");
                PrivateUpstreamGuard guard = new PrivateUpstreamGuard(DefaultAddressResolverGroup.INSTANCE);
                Http1Connector guarded = new Http1Connector(Transport.nio().socketChannelType(), guard, 4,
                        WriteBufferWaterMark.DEFAULT, metrics)) {
            LoopSubRequestClient strict = new LoopSubRequestClient(loop, guarded, metrics, Clock.systemUTC());
            UpstreamTarget byName = target(CLUSTER, "localhost", origin.port());
            SubResponse.Failed refused = failed(await(strict.send(get(byName, new HeaderMap())).toCompletableFuture()),
                    TransportError.CONNECT);
            assertThat(refused.detail()).contains("not allowed").contains("allow_private_upstreams");
            assertThat(origin.acceptedConnections()).isZero();
            assertThat(received(send(get(byName, new HeaderMap()))).status())
                    .as("the same name through the unguarded connector (allow_private_upstreams)").isEqualTo(200);
        }
    }

    @Test
    void everyUpstreamFailureHasATransportKind() {
        for (var failure : io.jpraxis.http.upstream.UpstreamFailure.values()) {
            assertThat(SubRequestCall.kindOf(failure))
                    .isEqualTo(failure.beforeRequestSent() ? TransportError.CONNECT : TransportError.IO);
        }
    }
}
