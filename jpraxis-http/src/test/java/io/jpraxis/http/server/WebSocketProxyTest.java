package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.filters.transform.headers.HeadersConfig;
import io.jpraxis.filters.transform.headers.HeadersFilter;
import io.jpraxis.http.testing.RawUpgrade;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.http.testing.WsClient;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestTls;
import io.jpraxis.testkit.WebSocketOrigin;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * WebSocket through the edge with the JDK's client and Netty's WebSocket server: the tunnel
 * carries frames both ways untouched, closes from either side, and the upgrade request is
 * forwarded, filtered and refused as docs/behaviour/websocket.md says.
 */
@Timeout(30)
class WebSocketProxyTest {
    private WebSocketOrigin origin;
    private TestGateway gateway;
    private final List<ExchangeSummary> logged = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startOrigin() {
        origin = WebSocketOrigin.start();
    }

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
        origin.close();
    }

    private TestGateway start(HttpFilter... front) {
        return start(TestGateway.builder(), front);
    }

    private TestGateway start(TestGateway.Builder builder, HttpFilter... front) {
        builder.filter(summaries());
        for (HttpFilter f : front) {
            builder.filter(f);
        }
        gateway = builder.filter(TestFilters.forwardTo(TestGateway.cluster("ws"), origin.host(), origin.port()))
                .start();
        return gateway;
    }

    /** Keeps every exchange summary the log hook sees. */
    private HttpFilter summaries() {
        return new TestFilters.Simple("test_summaries") {
            @Override
            public void onLog(RequestContext ctx, ExchangeSummary summary) {
                logged.add(summary);
            }
        };
    }

    private double tunnelGauge() {
        MeterRegistry meters = gateway.gateway().meters();
        return meters.get("jpraxis.tunnels.active").tag("listener", "main").gauge().value();
    }

    private double tunnelsTotal() {
        MeterRegistry meters = gateway.gateway().meters();
        return meters.get("jpraxis.tunnels").tag("listener", "main").functionCounter().count();
    }

    @Test
    void textEchoesThroughTheTunnelAndTheGaugeCountsIt() throws Exception {
        start();
        try (WsClient ws = WsClient.connect(gateway.port(), "/chat")) {
            ws.sendText("hello through the gateway");
            assertThat(ws.next().text()).isEqualTo("hello through the gateway");
            assertThat(tunnelGauge()).as("one tunnel open").isEqualTo(1.0);
            assertThat(tunnelsTotal()).isEqualTo(1.0);
            Map<String, List<String>> head = origin.lastHead();
            assertThat(head.get("upgrade")).as("the offer is kept upstream").containsExactly("websocket");
            assertThat(head.get("connection")).containsExactly("upgrade");
            assertThat(head.get("sec-websocket-key")).as("Sec-WebSocket-* pass unchanged").hasSize(1);
        }
        assertThat(Waits.until(() -> tunnelGauge() == 0.0)).as("the gauge returns to 0").isTrue();
    }

    @Test
    void aOneMebibyteBinaryFrameArrivesWhole() throws Exception {
        start();
        byte[] payload = new byte[1 << 20];
        ThreadLocalRandom.current().nextBytes(payload);
        try (WsClient ws = WsClient.connect(gateway.port(), "/bin")) {
            ws.sendBinary(payload);
            byte[] echoed = ws.next().bytes();
            assertThat(echoed).hasSize(payload.length);
            assertThat(crc(echoed)).as("no byte changed").isEqualTo(crc(payload));
        }
    }

    @Test
    void aThousandMessagesComeBackInOrder() throws Exception {
        start();
        try (WsClient ws = WsClient.connect(gateway.port(), "/many")) {
            for (int i = 0; i < 1000; i++) {
                ws.sendText("m" + i); // the JDK client allows one send in flight; echoes queue up meanwhile
            }
            for (int i = 0; i < 1000; i++) {
                assertThat(ws.next().text()).isEqualTo("m" + i);
            }
        }
    }

    @Test
    void theClientClosesAndTheExchangeIsLoggedAs101WithBytesEachWay() throws Exception {
        start();
        try (WsClient ws = WsClient.connect(gateway.port(), "/bye")) {
            ws.sendText("ping");
            ws.next();
            ws.socket().sendClose(1000, "client done").join();
            assertThat(ws.closed().status()).as("the origin answers the close").isEqualTo(1000);
        }
        assertThat(Waits.until(() -> logged.size() == 1)).as("the exchange ends with the tunnel").isTrue();
        ExchangeSummary summary = logged.getFirst();
        assertThat(summary.status()).isEqualTo(101);
        assertThat(summary.requestBodyBytes()).as("frames from the client").isPositive();
        assertThat(summary.responseBodyBytes()).as("frames from the origin").isPositive();
        assertThat(Waits.until(() -> tunnelGauge() == 0.0 && origin.openConnections() == 0))
                .as("both connections closed").isTrue();
    }

    @Test
    void theOriginClosesAndTheClientSeesItsClose() throws Exception {
        start();
        try (WsClient ws = WsClient.connect(gateway.port(), "/close")) {
            ws.sendText(WebSocketOrigin.CLOSE_COMMAND);
            WsClient.Close close = ws.closed();
            assertThat(close.status()).isEqualTo(1000);
            assertThat(close.reason()).isEqualTo("origin closes");
        }
        assertThat(Waits.until(() -> tunnelGauge() == 0.0)).isTrue();
    }

    @Test
    void mixedCaseWebSocketIsAnUpgradeAndTheResponseFiltersDecorateThe101() throws Exception {
        HeadersFilter headers = new HeadersFilter(new HeadersConfig(List.of(), List.of(), List.of(), List.of(),
                List.of(new HeaderValue("x-edge", "seen")), List.of()));
        start(headers);
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/", "Connection: Upgrade\r\nUpgrade: WebSocket\r\n", ""));
            List<String> head = RawUpgrade.readHead(client.input());
            assertThat(head.getFirst()).startsWith("HTTP/1.1 101");
            assertThat(RawUpgrade.header(head, "sec-websocket-accept")).isEqualTo(RawUpgrade.accept(RawUpgrade.KEY));
            assertThat(RawUpgrade.header(head, "x-edge")).as("response_set applies to the 101").isEqualTo("seen");
            assertThat(RawUpgrade.header(head, "connection")).isEqualToIgnoringCase("upgrade");
            assertThat(RawUpgrade.header(head, "transfer-encoding")).as("a 101 has no body").isNull();
            assertThat(origin.lastHead().get("upgrade")).as("spelt as the client sent it").containsExactly("WebSocket");
        }
    }

    @Test
    void aListOrTwoUpgradeLinesGoAsAPlainRequestWithoutTheOffer() throws IOException {
        start();
        for (String offer : List.of("Connection: Upgrade\r\nUpgrade: websocket, h2c\r\n",
                "Connection: Upgrade\r\nUpgrade: websocket\r\nUpgrade: h2c\r\n")) {
            try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
                client.send(RawUpgrade.request("/", offer, ""));
                RawResponse response = client.readResponse();
                assertThat(response.status()).as(offer).isEqualTo(200);
                assertThat(response.bodyText()).isEqualTo("plain");
                Map<String, List<String>> seen = origin.lastHead();
                assertThat(seen).as("the origin never sees an upgrade offer")
                        .doesNotContainKeys("upgrade", "connection");
                assertThat(response.header("connection")).as("a plain request keeps its connection").isNull();
            }
        }
    }

    @Test
    void headersTheClientsConnectionNamesAreRemovedButNotTheForwardingOnes() throws Exception {
        start();
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/", "Connection: Upgrade, X-Secret, X-Forwarded-For, Host\r\n"
                    + "Upgrade: websocket\r\n", "X-Secret: s3cr3t\r\nX-Forwarded-For: 192.0.2.7\r\n"));
            assertThat(RawUpgrade.readHead(client.input()).getFirst()).startsWith("HTTP/1.1 101");
            Map<String, List<String>> seen = origin.lastHead();
            assertThat(seen).doesNotContainKey("x-secret");
            assertThat(seen.get("x-forwarded-for").getFirst()).as("a Connection token cannot drop the chain")
                    .startsWith("192.0.2.7");
            assertThat(seen.get("host")).containsExactly("test");
            assertThat(seen.get("sec-websocket-key")).containsExactly(RawUpgrade.KEY);
        }
    }

    @Test
    void aResponseFilterThatRefusesThe101AnswersInsteadAndClosesTheOriginSide() throws Exception {
        start(TestFilters.replaceResponseWhen(101, 403, "no tunnels here"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.bodyText()).contains("no tunnels here");
        }
        assertThat(Waits.until(() -> origin.openConnections() == 0)).as("the switched origin connection is closed")
                .isTrue();
        assertThat(tunnelsTotal()).isZero();
    }

    @Test
    void bodyFiltersNeverSeeTunnelBytes() throws Exception {
        AtomicInteger bodyCalls = new AtomicInteger();
        HttpFilter bodyWatcher = new TestFilters.Simple("test_body_watcher") {
            @Override
            public FilterDeclaration declaration() {
                return super.declaration().withRequestBody(BodyAccess.READ_ONLY, new BodyMode.StreamBuffer(1L << 20))
                        .withResponseBody(BodyAccess.READ_ONLY, new BodyMode.StreamBuffer(1L << 20));
            }

            @Override
            public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
                bodyCalls.incrementAndGet();
                return FilterAction.CONTINUE;
            }

            @Override
            public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
                bodyCalls.incrementAndGet();
                return FilterAction.CONTINUE;
            }
        };
        start(TestGateway.builder().bodyLimits(16L, 16L), bodyWatcher);
        try (WsClient ws = WsClient.connect(gateway.port(), "/watched")) {
            String longer = "x".repeat(1000);
            ws.sendText(longer);
            assertThat(ws.next().text()).as("no body limit applies to tunnel bytes").isEqualTo(longer);
        }
        assertThat(bodyCalls).as("body hooks skipped for the tunnel").hasValue(0);
    }

    @Test
    void aRequestRejectedByAFilterNeverReachesTheOrigin() throws IOException {
        start(TestFilters.reject(401, "who are you"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.header("connection")).as("nothing of HTTP is read past an upgrade offer")
                    .isEqualTo("close");
            assertThat(client.closedByPeer()).isTrue();
        }
        assertThat(origin.heads()).isEmpty();
    }

    @Test
    void aTunnelSilentBothWaysForTheListenersReadTimeoutCloses() throws Exception {
        start(TestGateway.builder().bodyReadTimeoutMs(300L));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            assertThat(RawUpgrade.readHead(client.input()).getFirst()).startsWith("HTTP/1.1 101");
            InputStream in = client.input();
            assertThat(in.read()).as("the idle tunnel is closed (EOF, no frame)").isEqualTo(-1);
        }
        assertThat(Waits.until(() -> logged.size() == 1)).isTrue();
        assertThat(logged.getFirst().completed()).as("an idle close is no clean end").isFalse();
        assertThat(Waits.until(() -> tunnelGauge() == 0.0 && origin.openConnections() == 0)).isTrue();
    }

    @Test
    void aTunnelRunsOverTlsToTheOrigin() throws Exception {
        try (WebSocketOrigin secure = WebSocketOrigin.startTls()) {
            ClusterState cluster = TestCluster.named("wss").endpoint(secure.host(), secure.port())
                    .tls(null, true, TestTls.file(TestTls.CA)).state();
            gateway = TestGateway.builder().filter(TestFilters.firstEndpoint(cluster)).start();
            byte[] payload = new byte[256 * 1024];
            ThreadLocalRandom.current().nextBytes(payload);
            try (WsClient ws = WsClient.connect(gateway.port(), "/secure")) {
                ws.sendText("over TLS");
                assertThat(ws.next().text()).isEqualTo("over TLS");
                ws.sendBinary(payload);
                assertThat(crc(ws.next().bytes())).isEqualTo(crc(payload));
                ws.socket().sendClose(1000, "done").join();
                assertThat(ws.closed().status()).isEqualTo(1000);
            }
            assertThat(Waits.until(() -> secure.openConnections() == 0 && tunnelGauge() == 0.0)).isTrue();
        }
    }

    @Test
    void aGracefulStopKeepsAnOpenTunnelUntilItsTimeout() throws Exception {
        start();
        try (WsClient ws = WsClient.connect(gateway.port(), "/long")) {
            ws.sendText("before");
            ws.next();
            Thread stopper = Thread.ofVirtual().start(() -> gateway.gateway().stop(Duration.ofSeconds(1)));
            assertThat(Waits.until(() -> gateway.gateway().lifecycle() == Lifecycle.DRAINING)).isTrue();
            ws.sendText("during the drain");
            assertThat(ws.next().text()).as("a tunnel is an open connection: the drain waits")
                    .isEqualTo("during the drain");
            stopper.join(Duration.ofSeconds(10));
            assertThat(stopper.isAlive()).isFalse();
        }
        assertThat(Waits.until(() -> logged.size() == 1)).as("closed at the timeout, and logged").isTrue();
    }

    private static ClusterConfig withVersion(String name, io.jpraxis.config.model.ClusterHttpConfig.HttpVersion version) {
        ClusterConfig base = TestGateway.cluster(name);
        return new ClusterConfig(base.name(), base.endpoints(), base.loadBalancerStrategy(), null,
                null, null, null, null, null, null, new io.jpraxis.config.model.ClusterHttpConfig(null, version, null, null),
                null, null, null, base.source());
    }

    @Test
    void aCleartextAutoClusterSpeaksHttp11AndTunnels() throws Exception {
        ClusterConfig auto = withVersion("auto", io.jpraxis.config.model.ClusterHttpConfig.HttpVersion.AUTO);
        gateway = TestGateway.builder().filter(TestFilters.forwardTo(auto, origin.host(), origin.port())).start();
        try (WsClient ws = WsClient.connect(gateway.port(), "/auto")) {
            ws.sendText("over auto");
            assertThat(ws.next().text()).isEqualTo("over auto");
        }
    }

    @Test
    void anUpgradeToAnHttp2ClusterIs502NamingTheReason() throws IOException {
        ClusterConfig h2 = withVersion("h2", io.jpraxis.config.model.ClusterHttpConfig.HttpVersion.H2);
        gateway = TestGateway.builder().filter(TestFilters.forwardTo(h2, origin.host(), origin.port())).start();
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).contains("http.version h2", "HTTP/1.1");
        }
        assertThat(origin.heads()).isEmpty();
    }

    private static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }
}
