package io.jpraxis.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class TestOriginTest {

    @Test
    void echoesRequestAndNamesTheOrigin() throws Exception {
        try (TestOrigin origin = TestOrigin.start("alpha")) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                            URI.create("http://" + origin.address() + "/p/q?x=1"))
                    .header("X-Test", "one").POST(HttpRequest.BodyPublishers.ofString("hello")).build(),
                    HttpResponse.BodyHandlers.ofString());
            EchoResponse echo = EchoResponse.parse(response.body());
            assertThat(echo.origin()).isEqualTo("alpha");
            assertThat(echo.method()).isEqualTo("POST");
            assertThat(echo.path()).isEqualTo("/p/q");
            assertThat(echo.query()).isEqualTo("x=1");
            assertThat(echo.header("x-test")).isEqualTo("one");
            assertThat(echo.bodyBytes()).isEqualTo(5);
            var digest = TestData.newSha256();
            digest.update("hello".getBytes());
            assertThat(echo.bodySha256()).isEqualTo(TestData.hex(digest));
            assertThat(response.headers().firstValue(OriginCommands.ORIGIN_NAME)).hasValue("alpha");
        }
    }

    @Test
    void servesHttpsWithTheTestCertificate() throws Exception {
        try (TestOrigin origin = TestOrigin.builder("secure").tls().start()) {
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            try (InputStream ca = Files.newInputStream(Path.of(TestTls.file(TestTls.CA)))) {
                trust.setCertificateEntry("test-ca", CertificateFactory.getInstance("X.509").generateCertificate(ca));
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(null, tmf.getTrustManagers(), null);
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(ssl).build();
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                    URI.create("https://localhost:" + origin.port() + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as("the certificate names localhost and the test CA signed it")
                    .isEqualTo(200);
            assertThat(EchoResponse.parse(response.body()).origin()).isEqualTo("secure");
            assertThat(origin.tls()).isTrue();
        }
    }

    @Test
    void heldEventsFollowTheFirstOnlyWhenReleased() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                RawHttpConnection client = RawHttpConnection.open(origin.port())) {
            client.send("GET / HTTP/1.1\r\nHost: t\r\n" + OriginCommands.EVENTS + ": 2\r\n\r\n");
            assertThat(client.readResponseHead().header("content-type")).isEqualTo("text/event-stream");
            assertThat(new String(client.readChunk(), StandardCharsets.UTF_8)).isEqualTo("id: 0\ndata: event 0\n\n");
            client.socket().setSoTimeout(200);
            assertThatThrownBy(client::readChunk).as("the second event is held")
                    .isInstanceOf(SocketTimeoutException.class);
            client.socket().setSoTimeout(10_000);
            origin.releaseHeldEvents();
            assertThat(new String(client.readChunk(), StandardCharsets.UTF_8)).isEqualTo("id: 1\ndata: event 1\n\n");
            assertThat(client.readChunk()).as("then the stream ends").isEmpty();
        }
    }

    @Test
    void countsAcceptedConnectionsAcrossKeepAlive() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                RawHttpConnection client = RawHttpConnection.open(origin.port())) {
            for (int i = 0; i < 5; i++) {
                assertThat(client.get("/").status()).isEqualTo(200);
            }
            assertThat(origin.acceptedConnections()).isEqualTo(1);
            assertThat(origin.requestCount()).isEqualTo(5);
        }
    }

    @Test
    void streamsDownloadsOfPatternBytes() throws IOException {
        try (TestOrigin origin = TestOrigin.start("o");
                RawHttpConnection client = RawHttpConnection.open(origin.port())) {
            client.send("GET / HTTP/1.1\r\nHost: t\r\n" + OriginCommands.DOWNLOAD + ": 200000\r\n\r\n");
            RawResponse chunked = client.readResponse();
            assertThat(chunked.chunked()).isTrue();
            var digest = TestData.newSha256();
            digest.update(chunked.body());
            assertThat(TestData.hex(digest)).isEqualTo(TestData.sha256(200_000));
            client.send("GET / HTTP/1.1\r\nHost: t\r\n" + OriginCommands.DOWNLOAD + ": 1000\r\n"
                    + OriginCommands.FRAMING + ": length\r\n\r\n");
            RawResponse sized = client.readResponse();
            assertThat(sized.header("content-length")).isEqualTo("1000");
            assertThat(origin.bodyBytesSent()).isEqualTo(201_000);
        }
    }

    @Test
    void fixedResponseAndCommandedStatus() throws IOException {
        try (TestOrigin fixed = TestOrigin.builder("f").fixed(503, "text/plain", "down").start();
                RawHttpConnection client = RawHttpConnection.open(fixed.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(503);
            assertThat(response.bodyText()).isEqualTo("down");
        }
        try (TestOrigin origin = TestOrigin.start("o");
                RawHttpConnection client = RawHttpConnection.open(origin.port())) {
            client.send("GET / HTTP/1.1\r\nHost: t\r\n" + OriginCommands.STATUS + ": 404\r\n"
                    + OriginCommands.RESPOND_HEADER + ": X-Extra: 1\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.header("x-extra")).isEqualTo("1");
        }
    }

    @Test
    void failuresBreakTheConnection() throws IOException {
        try (TestOrigin origin = TestOrigin.builder("o").failing(TestOrigin.Failure.CLOSE_WITHOUT_RESPONSE).start();
                RawHttpConnection client = RawHttpConnection.open(origin.port())) {
            assertThatThrownBy(() -> client.get("/")).isInstanceOf(EOFException.class);
        }
        try (TestOrigin origin = TestOrigin.start("o");
                RawHttpConnection client = RawHttpConnection.open(origin.port())) {
            client.send("GET / HTTP/1.1\r\nHost: t\r\n" + OriginCommands.FAIL + ": close_mid_body\r\n\r\n");
            assertThatThrownBy(client::readResponse).isInstanceOf(EOFException.class);
        }
    }

    @Test
    void unusedPortRefusesConnections() {
        int port = TestOrigin.unusedPort();
        assertThatThrownBy(() -> RawHttpConnection.open(new java.net.InetSocketAddress("127.0.0.1", port),
                Duration.ofSeconds(1))).isInstanceOf(java.io.UncheckedIOException.class);
    }
}
