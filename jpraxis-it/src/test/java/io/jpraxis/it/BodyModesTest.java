package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Body modes end to end (the pre-read (see docs/behaviour/body-access.md#access-and-delivery-modes,
 * docs/behaviour/conditions.md#request-conditions); see
 * docs/behaviour/body-access.md#promoting-json-fields): real sockets, real origins. A buffering
 * pipeline reads the body before routing and sends it on as read; limits answer 413 on requests and
 * cut responses off; a pipeline without body filters streams as before.
 */
@Timeout(60)
class BodyModesTest {
    private TestOrigin big;
    private TestOrigin small;

    @BeforeEach
    void startOrigins() {
        big = TestOrigin.start("big");
        small = TestOrigin.start("small");
    }

    @AfterEach
    void stopOrigins() {
        big.close();
        small.close();
    }

    private static FilterRegistry registry() {
        List<FilterFactory<?>> types = new ArrayList<>(GatewayFilters.all());
        types.add(new BodyHookFactory());
        return FilterRegistry.withBuiltIns(types);
    }

    private RunningGateway gateway(String filters, String topLevel) {
        return RunningGateway.start(TestConfigs.pipeline(filters, topLevel), registry());
    }

    /** json_body_field promoting {@code model} in front of a router that matches on the promoted header. */
    private String modelRouting() {
        return """
                - filter: json_body_field
                  fields:
                    - {field: model, header: x-praxis-model}
                    - {field: model, header: X-Model}
                  max_body_bytes: 1024
                - filter: router
                  routes:
                    - path_prefix: /
                      headers: {x-praxis-model: big-1}
                      cluster: big
                    - path_prefix: /
                      cluster: small
                - filter: load_balancer
                  clusters:
                    - {name: big, endpoints: ["%s"]}
                    - {name: small, endpoints: ["%s"]}
                """.formatted(big.address(), small.address());
    }

    private static RawResponse post(RawHttpConnection conn, String body, String... headerLines) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST /v1/chat HTTP/1.1\r\nHost: test\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        head.append("Content-Type: application/json\r\nContent-Length: ").append(bytes.length).append("\r\n\r\n");
        conn.send(head.toString()).send(bytes);
        return conn.readResponse();
    }

    /** Sends {@code body} chunked, in pieces of {@code pieceBytes}. */
    private static RawResponse postChunked(RawHttpConnection conn, String body, int pieceBytes) throws IOException {
        conn.send("POST /v1/chat HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n");
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        for (int at = 0; at < bytes.length; at += pieceBytes) {
            int n = Math.min(pieceBytes, bytes.length - at);
            conn.send(Integer.toHexString(n) + "\r\n").send(java.util.Arrays.copyOfRange(bytes, at, at + n))
                    .send("\r\n");
        }
        conn.send("0\r\n\r\n");
        return conn.readResponse();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aPromotedBodyFieldRoutesTheRequestAndTheBodyGoesOnUnchanged() throws Exception {
        try (RunningGateway gw = gateway(modelRouting(), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String body = "{\"prompt\":\"hello\",\"model\":\"big-1\"}";
            RawResponse toBig = post(conn, body);
            RawResponse toSmall = post(conn, "{\"model\":\"other\"}");

            assertThat(toBig.status()).isEqualTo(200);
            EchoResponse echo = toBig.echo();
            assertThat(echo.origin()).as("pre-read ran before the router").isEqualTo("big");
            assertThat(echo.bodySha256()).isEqualTo(sha256(body.getBytes(StandardCharsets.UTF_8)));
            assertThat(echo.header("content-length")).isEqualTo(String.valueOf(body.length()));
            assertThat(echo.header("x-model")).isEqualTo("big-1");
            assertThat(echo.hasHeader("x-praxis-model")).as("docs/behaviour/routing-headers.md#reserved-header-prefixes: reserved headers never go upstream")
                    .isFalse();
            assertThat(toSmall.echo().origin()).as("same connection, next request, other field").isEqualTo("small");
        }
    }

    @Test
    void aChunkedBodyIsReadWholeAndSentWithItsLength() throws Exception {
        try (RunningGateway gw = gateway(modelRouting(), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String body = "{\"model\":\"big-1\",\"messages\":[\"" + "x".repeat(300) + "\"]}";

            RawResponse response = postChunked(conn, body, 7);

            EchoResponse echo = response.echo();
            assertThat(echo.origin()).isEqualTo("big");
            assertThat(echo.bodySha256()).isEqualTo(sha256(body.getBytes(StandardCharsets.UTF_8)));
            assertThat(echo.header("content-length")).as("a buffered body goes with its exact length")
                    .isEqualTo(String.valueOf(body.length()));
            assertThat(echo.hasHeader("transfer-encoding")).isFalse();
        }
    }

    @Test
    void aClientCannotForgeThePromotedHeader() throws Exception {
        try (RunningGateway gw = gateway(modelRouting(), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse echo = post(conn, "{\"model\":\"other\"}", "X-Model: big-1").echo();
            EchoResponse noField = post(conn, "{\"prompt\":\"hi\"}", "X-Model: big-1").echo();

            assertThat(echo.headerValues("x-model")).as("docs/behaviour/routing-headers.md#headers-a-filter-owns: the client's copy is gone").containsExactly(
                    "other");
            assertThat(noField.hasHeader("x-model")).as("stripped even when the body has no field").isFalse();
            assertThat(noField.origin()).isEqualTo("small");
        }
    }

    @Test
    void aBodyOverTheBufferIsRefusedWith413BeforeAnyOrigin() throws Exception {
        try (RunningGateway gw = gateway(modelRouting(), "")) {
            try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse declared = post(conn, "{\"model\":\"big-1\",\"pad\":\"" + "p".repeat(2000) + "\"}");
                assertThat(declared.status()).as("Content-Length over max_body_bytes").isEqualTo(413);
                assertThat(declared.header("connection")).isEqualTo("close");
            }
            try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse counted = postChunked(conn, "{\"pad\":\"" + "p".repeat(2000) + "\"}", 100);
                assertThat(counted.status()).as("chunked body counted while it is read").isEqualTo(413);
            }
            assertThat(big.requestCount() + small.requestCount()).isZero();
        }
    }

    @Test
    void aStreamedBodyOverTheGlobalLimitIs413() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: router
                  routes: [{path_prefix: /, cluster: big}]
                - filter: load_balancer
                  clusters: [{name: big, endpoints: ["%s"]}]
                """.formatted(big.address()), "body_limits:\n  max_request_bytes: 1024\n");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse response = postChunked(conn, "s".repeat(4096), 512);

            assertThat(response.status()).as("SizeLimit: counted as it streams").isEqualTo(413);
            assertThat(big.bodyBytesReceived()).as("the origin got at most the limit").isLessThanOrEqualTo(1024);
        }
    }

    @Test
    void aBufferedResponseOverItsBoundIsCutOffAfterTheHead() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: test_body
                  direction: response
                  max_bytes: 1000
                - filter: router
                  routes: [{path_prefix: /, cluster: big}]
                - filter: load_balancer
                  clusters: [{name: big, endpoints: ["%s"]}]
                """.formatted(big.address()), "");
                RawHttpConnection conn = RawHttpConnection.open(new InetSocketAddress("127.0.0.1", gw.port()),
                        Duration.ofSeconds(10))) {
            conn.send("GET /big HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": 5000\r\n\r\n");

            RawResponse head = conn.readResponseHead();
            long bodyBytes = conn.drainToEnd();

            assertThat(head.status()).as("the head went out before the body overflowed").isEqualTo(200);
            assertThat(bodyBytes).as("withheld bytes are dropped with the connection, never sent in part")
                    .isZero();
        }
    }

    @Test
    void aBufferedResponseWithinItsBoundArrivesWhole() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: test_body
                  direction: response
                  max_bytes: 100000
                - filter: router
                  routes: [{path_prefix: /, cluster: big}]
                - filter: load_balancer
                  clusters: [{name: big, endpoints: ["%s"]}]
                """.formatted(big.address()), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /d HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": 50000\r\n"
                    + OriginCommands.FRAMING + ": length\r\n\r\n");

            RawResponse response = conn.readResponse();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("content-length")).as("a read-only filter keeps the origin's length")
                    .isEqualTo("50000");
            assertThat(sha256(response.body())).isEqualTo(TestData.sha256(50_000));
            assertThat(conn.get("/again").status()).as("the connection is still usable").isEqualTo(200);
        }
    }

    @Test
    void aStreamedResponseOverTheGlobalLimitIsCutOff() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: router
                  routes: [{path_prefix: /, cluster: big}]
                - filter: load_balancer
                  clusters: [{name: big, endpoints: ["%s"]}]
                """.formatted(big.address()), "body_limits:\n  max_response_bytes: 100000\n");
                RawHttpConnection conn = RawHttpConnection.open(new InetSocketAddress("127.0.0.1", gw.port()),
                        Duration.ofSeconds(10))) {
            conn.send("GET /big HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": 1000000\r\n\r\n");

            RawResponse head = conn.readResponseHead();
            long received = conn.drainToEnd();

            assertThat(head.status()).isEqualTo(200);
            assertThat(received).as("SizeLimit: the connection is aborted past the limit")
                    .isLessThan(1_000_000);
        }
    }

    @Test
    void aRewritingResponseFilterMakesTheBodyChunked() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: test_body
                  direction: response
                  upper: true
                - filter: router
                  routes: [{path_prefix: /, cluster: big}]
                - filter: load_balancer
                  clusters: [{name: big, endpoints: ["%s"]}]
                """.formatted(big.address()), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /d HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": 3000\r\n"
                    + OriginCommands.FRAMING + ": length\r\n\r\n");

            RawResponse response = conn.readResponse();

            assertThat(response.header("content-length")).as("the origin's length no longer holds").isNull();
            assertThat(response.header("transfer-encoding")).isEqualTo("chunked");
            byte[] expected = new byte[3000];
            TestData.fill(expected, 0, 3000, 0);
            assertThat(new String(response.body(), StandardCharsets.US_ASCII))
                    .isEqualTo(new String(expected, StandardCharsets.US_ASCII).toUpperCase());
        }
    }

    @Test
    void aStreamingRequestFilterRewritesPiecesAndTheBodyGoesChunked() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: test_body
                  direction: request
                  upper: true
                - filter: router
                  routes: [{path_prefix: /, cluster: big}]
                - filter: load_balancer
                  clusters: [{name: big, endpoints: ["%s"]}]
                """.formatted(big.address()), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String body = "abc".repeat(1000);

            EchoResponse echo = post(conn, body).echo();

            assertThat(echo.bodySha256()).isEqualTo(sha256(body.toUpperCase().getBytes(StandardCharsets.US_ASCII)));
            assertThat(echo.header("transfer-encoding")).as("a body filter may change the length").isEqualTo(
                    "chunked");
            assertThat(echo.hasHeader("x-body-hook-pieces")).as("streaming hooks run after the head went out")
                    .isFalse();
        }
    }

    @Test
    void aBufferingRequestFilterSeesTheWholeBodyOnce() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: test_body
                  direction: request
                  max_bytes: 100000
                - filter: router
                  routes: [{path_prefix: /, cluster: big}]
                - filter: load_balancer
                  clusters: [{name: big, endpoints: ["%s"]}]
                """.formatted(big.address()), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String body = "0123456789".repeat(500);

            EchoResponse echo = postChunked(conn, body, 100).echo();

            assertThat(echo.header("x-body-hook-pieces")).as("pre-read: one call over the whole body").isEqualTo("1");
            assertThat(echo.bodySha256()).isEqualTo(sha256(body.getBytes(StandardCharsets.US_ASCII)));
        }
    }

    @Test
    void jsonBodyFieldResultsFireABranch() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: json_body_field
                  field: model
                  header: X-Model
                  branch_chains:
                    - name: premium
                      on_result: {filter: json_body_field, key: model, result: {any_of: [big-1, big-2]}}
                      chains:
                        - name: tag
                          filters:
                            - filter: headers
                              request_set: [{name: x-tier, value: premium}]
                - filter: router
                  routes: [{path_prefix: /, cluster: small}]
                - filter: load_balancer
                  clusters: [{name: small, endpoints: ["%s"]}]
                """.formatted(small.address()), "");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse premium = post(conn, "{\"model\":\"big-2\"}").echo();
            EchoResponse plain = post(conn, "{\"model\":\"tiny\"}").echo();
            EchoResponse none = post(conn, "not json").echo();

            assertThat(premium.header("x-tier")).as("the branch fired on the published result").isEqualTo("premium");
            assertThat(plain.hasHeader("x-tier")).isFalse();
            assertThat(plain.header("x-model")).isEqualTo("tiny");
            assertThat(none.hasHeader("x-tier")).isFalse();
            assertThat(none.hasHeader("x-model")).isFalse();
        }
    }

    @Test
    void http2StreamsArePreReadToo() {
        try (RunningGateway gw = gateway(modelRouting(), "");
                H2cClient client = H2cClient.connect(gw.port())) {
            byte[] body = "{\"model\":\"big-1\"}".getBytes(StandardCharsets.UTF_8);
            H2Response response = H2cClient.await(client.sendFrames(H2cClient.headers("POST", "/v1/chat"),
                    new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(body, 0, 5), false),
                    new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(body, 5, body.length - 5), true)));

            assertThat(response.status()).isEqualTo(200);
            EchoResponse echo = response.echo();
            assertThat(echo.origin()).isEqualTo("big");
            assertThat(echo.header("content-length")).isEqualTo(String.valueOf(body.length));
            assertThat(echo.bodySha256()).isEqualTo(sha256(body));
        }
    }
}
