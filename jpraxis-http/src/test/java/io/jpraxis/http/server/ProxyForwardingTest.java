package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Requests and responses relayed through the edge, headers and bodies as an origin sees them. */
@Timeout(20)
class ProxyForwardingTest {
    private TestOrigin origin;
    private TestGateway gateway;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("origin-a");
    }

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
        origin.close();
    }

    private TestGateway startGateway(ClusterConfig cluster, io.jpraxis.core.filter.HttpFilter... extra) {
        TestGateway.Builder builder = TestGateway.builder();
        for (var f : extra) {
            builder.filter(f);
        }
        gateway = builder.filter(TestFilters.forwardTo(cluster, origin)).start();
        return gateway;
    }

    @Test
    void proxiesGetWithPathAndQuery() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            RawResponse response = client.get("/a/b%20c?x=1&y=2");
            assertThat(response.status()).isEqualTo(200);
            EchoResponse echo = response.echo();
            assertThat(echo.origin()).isEqualTo("origin-a");
            assertThat(echo.method()).isEqualTo("GET");
            assertThat(echo.uri()).as("raw path and query go upstream unchanged").isEqualTo("/a/b%20c?x=1&y=2");
            assertThat(echo.header("host")).as("client Host kept without http.authority").isEqualTo("test");
            assertThat(response.header(OriginCommands.ORIGIN_NAME)).isEqualTo("origin-a");
        }
    }

    @Test
    void proxiesPostBodyWithContentLength() throws IOException {
        startGateway(TestGateway.cluster("c"));
        byte[] body = "{\"hello\":\"world\"}".getBytes(StandardCharsets.UTF_8);
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST /submit HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length + "\r\n\r\n");
            client.send(body);
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.method()).isEqualTo("POST");
            assertThat(echo.bodyBytes()).isEqualTo(body.length);
            assertThat(echo.header("content-length")).isEqualTo(String.valueOf(body.length));
            assertThat(echo.hasHeader("transfer-encoding")).isFalse();
        }
    }

    @Test
    void proxiesChunkedRequestBodyAsChunked() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST /up HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n");
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.bodyBytes()).isEqualTo(11);
            assertThat(echo.bodySha256()).isEqualTo(sha256("hello world"));
            assertThat(echo.header("transfer-encoding")).isEqualTo("chunked");
        }
    }

    @Test
    void stripsHopByHopRequestHeadersIncludingThoseNamedInConnection() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\nConnection: keep-alive, X-Session-Hop\r\n"
                    + "X-Session-Hop: secret\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\nUpgrade: foo\r\n"
                    + "Proxy-Authorization: Basic eA==\r\nX-Kept: yes\r\n\r\n");
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.headers().keySet()).as("RFC 9110 7.6.1 hop-by-hop headers never go upstream")
                    .doesNotContain("connection", "x-session-hop", "keep-alive", "te", "upgrade", "proxy-authorization");
            assertThat(echo.header("x-kept")).isEqualTo("yes");
        }
    }

    @Test
    void stripsHopByHopAndReservedResponseHeaders() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\n"
                    + OriginCommands.RESPOND_HEADER + ": Connection: X-Resp-Hop\r\n"
                    + OriginCommands.RESPOND_HEADER + ": X-Resp-Hop: 1\r\n"
                    + OriginCommands.RESPOND_HEADER + ": Keep-Alive: timeout=5\r\n"
                    + OriginCommands.RESPOND_HEADER + ": X-Praxis-Internal: leak\r\n"
                    + OriginCommands.RESPOND_HEADER + ": X-Ext-Agent-Id: leak\r\n"
                    + OriginCommands.RESPOND_HEADER + ": X-Resp-Kept: yes\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.headerNames()).doesNotContain("x-resp-hop", "keep-alive", "x-praxis-internal",
                    "x-ext-agent-id");
            assertThat(response.header("connection")).as("the gateway's own keep-alive decision, not the origin's")
                    .isNull();
            assertThat(response.header("x-resp-kept")).isEqualTo("yes");
        }
    }

    @Test
    void reservedHeadersFiltersCreateNeverLeaveTheGateway() throws IOException {
        startGateway(TestGateway.cluster("c"),
                TestFilters.requestHeaders(h -> h.set("x-praxis-model", "gpt").set("x-added", "1")),
                TestFilters.responseHeaders(r -> r.headers().set("x-praxis-debug", "1").set("x-resp-added", "1")));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            RawResponse response = client.get("/");
            EchoResponse echo = response.echo();
            assertThat(echo.hasHeader("x-praxis-model")).as("docs/behaviour/routing-headers.md#reserved-header-prefixes: stripped upstream").isFalse();
            assertThat(echo.header("x-added")).as("working headers go upstream").isEqualTo("1");
            assertThat(response.header("x-praxis-debug")).as("docs/behaviour/routing-headers.md#reserved-header-prefixes: stripped downstream").isNull();
            assertThat(response.header("x-resp-added")).isEqualTo("1");
        }
    }

    @Test
    void addsForwardedHeaders() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET / HTTP/1.1\r\nHost: shop.example:8080\r\nX-Forwarded-For: 203.0.113.9\r\n"
                    + "X-Forwarded-Proto: https\r\n\r\n");
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.headerValues("x-forwarded-for")).as("client IP appended to the existing list")
                    .containsExactly("203.0.113.9, 127.0.0.1");
            assertThat(echo.header("x-forwarded-proto")).isEqualTo("http");
            assertThat(echo.header("x-forwarded-host")).isEqualTo("shop.example:8080");
            assertThat(echo.header("forwarded")).as("RFC 7239: sent even when the client sent none")
                    .isEqualTo("for=127.0.0.1;host=\"shop.example:8080\";proto=http");
        }
    }

    @Test
    void clientForwardedKeepsItsHopsButNotItsProtoOrHost() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET / HTTP/1.1\r\nHost: shop.example\r\nForwarded: for=203.0.113.9;proto=https;host=admin\r\n\r\n");
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.headerValues("forwarded")).as("only the first proxy knows proto and host (RFC 7239 8.1)")
                    .containsExactly("for=203.0.113.9, for=127.0.0.1;host=shop.example;proto=http");
        }
    }

    @Test
    void clusterAuthorityOverridesUpstreamHost() throws IOException {
        startGateway(TestGateway.cluster("c", null, null, null, "api.internal:9000"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            EchoResponse echo = client.get("/").echo();
            assertThat(echo.header("host")).isEqualTo("api.internal:9000");
            assertThat(echo.header("x-forwarded-host")).isEqualTo("test");
        }
    }

    @Test
    void absoluteFormTargetSuppliesHost() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET http://abs.example/p?q=1 HTTP/1.1\r\nHost: ignored\r\n\r\n");
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.uri()).isEqualTo("/p?q=1");
            assertThat(echo.header("host")).as("RFC 9112 3.2.2").isEqualTo("abs.example");
        }
    }

    @Test
    void relaysUpstreamStatusAndChunkedDownload() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET /dl HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": 300000\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.chunked()).isTrue();
            assertThat(response.body()).hasSize(300_000);
            assertThat(sha256(response.body())).isEqualTo(TestData.sha256(300_000));
            client.send("GET /x HTTP/1.1\r\nHost: test\r\n" + OriginCommands.STATUS + ": 418\r\n\r\n");
            assertThat(client.readResponse().status()).isEqualTo(418);
        }
    }

    @Test
    void expectContinueIsAnsweredByTheGateway() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("PUT /obj HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n");
            // Send the body only after the interim response, as a careful client does.
            byte[] interim = client.socket().getInputStream().readNBytes(25);
            assertThat(new String(interim, StandardCharsets.ISO_8859_1)).startsWith("HTTP/1.1 100 Continue");
            client.send("data");
            EchoResponse echo = client.readResponse().echo();
            assertThat(echo.bodyBytes()).isEqualTo(4);
            assertThat(echo.hasHeader("expect")).isFalse();
        }
    }

    @Test
    void headRequestGetsNoBody() throws IOException {
        startGateway(TestGateway.cluster("c"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("HEAD /h HTTP/1.1\r\nHost: test\r\n\r\n");
            RawResponse head = client.readResponse(true);
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).isNotNull();
            // The connection is still in sync: the next response parses.
            assertThat(client.get("/after").echo().path()).isEqualTo("/after");
        }
    }

    @Test
    void resolvesHostNameEndpointsWithoutBlocking() throws IOException {
        gateway = TestGateway.builder().allowPrivateUpstreams()
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), "localhost", origin.port())).start();
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            assertThat(client.get("/dns").echo().origin()).isEqualTo("origin-a");
        }
    }

    @Test
    void slowRequestBodyTimesOutWhenConfigured() throws IOException {
        gateway = TestGateway.builder().bodyReadTimeoutMs(300L)
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\nabc");
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("downstream_read_timeout_ms").isEqualTo(408);
            assertThat(response.header("connection")).isEqualTo("close");
        }
    }

    static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    static String sha256(byte[] bytes) {
        var digest = TestData.newSha256();
        digest.update(bytes);
        return TestData.hex(digest);
    }

    static void writeAll(OutputStream out, byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }
}
