package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * HTTP/1.1 {@code Upgrade: h2c} on the cleartext listener, driven by the JDK client (which asks
 * for it on {@code http://} URIs when told to use HTTP/2): the upgrading request is answered on
 * stream 1, later requests share the HTTP/2 connection.
 */
@Timeout(60)
class Http2UpgradeTest {
    private static final long MIB = 1024 * 1024;
    private TestOrigin origin;
    private TestGateway gateway;
    private HttpClient client;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
        gateway = TestGateway.builder().bodyLimits(64 * MIB, 64 * MIB)
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterEach
    void stop() {
        client.close();
        gateway.close();
        origin.close();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + gateway.port() + path);
    }

    @Test
    void upgradedRequestAndFollowingUploadAreProxied() throws Exception {
        HttpResponse<String> first = client.send(HttpRequest.newBuilder(uri("/first")).header("x-client", "jdk").GET()
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(first.version()).as("the gateway accepted Upgrade: h2c").isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(first.statusCode()).isEqualTo(200);
        EchoResponse echo = EchoResponse.parse(first.body());
        assertThat(echo.path()).as("the upgrading request is served on stream 1").isEqualTo("/first");
        assertThat(echo.header("x-client")).isEqualTo("jdk");
        assertThat(echo.hasHeader("upgrade")).as("hop-by-hop upgrade headers are not forwarded").isFalse();
        assertThat(echo.hasHeader("http2-settings")).isFalse();

        long length = 4 * MIB;
        HttpResponse<String> upload = client.send(HttpRequest.newBuilder(uri("/upload"))
                .timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.fromPublisher(
                        HttpRequest.BodyPublishers.ofInputStream(() -> TestData.stream(length)), length))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(upload.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(upload.statusCode()).isEqualTo(200);
        assertThat(EchoResponse.parse(upload.body()).bodySha256()).isEqualTo(TestData.sha256(length));
        assertThat(gateway.gateway().openConnections()).as("both requests on the upgraded connection").isEqualTo(1);
    }

    @Test
    void reservedHeaderOnTheUpgradingRequestIs400OnStream1() throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(uri("/")).header("x-praxis-model", "forged")
                .GET().timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(response.statusCode()).as("docs/behaviour/routing-headers.md#reserved-header-prefixes holds on the upgraded stream").isEqualTo(400);
        assertThat(response.body()).startsWith("{\"type\":\"about:blank\",");
        assertThat(origin.requestCount()).isZero();
    }

    @Test
    void upgradeRequestTheEdgeWouldRefuseStaysHttp1AndGets400() throws IOException {
        try (RawHttpConnection raw = RawHttpConnection.open(gateway.port())) {
            raw.send("GET / HTTP/1.1\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                    + "Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n");
            RawResponse response = raw.readResponse();
            assertThat(response.status()).as("no Host (RFC 9112 3.2): refused in HTTP/1.1, not upgraded").isEqualTo(400);
            assertThat(response.version()).isEqualTo("HTTP/1.1");
        }
        assertThat(origin.requestCount()).isZero();
    }

    @Test
    void upgradeRequestWithALargeBodyIsServedAsHttp1() throws IOException {
        int length = 256 * 1024;
        try (RawHttpConnection raw = RawHttpConnection.open(gateway.port())) {
            raw.send("POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: " + length + "\r\n"
                    + "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n");
            byte[] body = new byte[length];
            TestData.fill(body, 0, length, 0);
            raw.send(body);
            RawResponse response = raw.readResponse();
            assertThat(response.status()).as("not buffered for an upgrade, not refused either").isEqualTo(200);
            assertThat(response.version()).isEqualTo("HTTP/1.1");
            assertThat(response.echo().bodySha256()).isEqualTo(TestData.sha256(length));
        }
    }

    @Test
    void upgradeToAnUnknownProtocolIsIgnored() throws IOException {
        try (RawHttpConnection raw = RawHttpConnection.open(gateway.port())) {
            raw.send("GET / HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: foo/2\r\n\r\n");
            RawResponse response = raw.readResponse();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.echo().hasHeader("upgrade")).as("Upgrade is hop-by-hop").isFalse();
        }
    }

    @Test
    void onlyTheFirstRequestOfAConnectionMayUpgrade() throws IOException {
        try (RawHttpConnection raw = RawHttpConnection.open(gateway.port())) {
            raw.send("GET /plain HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(raw.readResponse().status()).isEqualTo(200);
            raw.send("GET /later HTTP/1.1\r\nHost: t\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                    + "HTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n");
            RawResponse later = raw.readResponse();
            assertThat(later.status()).as("served, not switched").isEqualTo(200);
            assertThat(later.version()).isEqualTo("HTTP/1.1");
            assertThat(later.echo().hasHeader("upgrade")).as("Upgrade is hop-by-hop").isFalse();
            raw.send("GET /third HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(raw.readResponse().status()).as("the connection goes on as HTTP/1.1").isEqualTo(200);
        }
    }
}
