package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Requests the decoder or the head checks refuse: 400 with JSON, and the connection closes. */
@Timeout(20)
class MalformedRequestTest {
    private TestGateway gateway;

    @BeforeEach
    void start() {
        gateway = TestGateway.builder().filter(TestFilters.respond(200, "text/plain", "ok")).start();
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    @Test
    void garbageRequestLineIs400AndClose() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("THIS IS NOT HTTP\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"malformed request\"}");
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(client.closedByPeer()).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.2", "HTTP/2.0", "HTTP/3.0", "HTTP/0.9"})
    void requestLineVersionOtherThanHttp10Or11Is400(String version) throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            // Netty would take any HTTP/x.y; another parser in front may not, so the two could frame
            // the connection differently. Praxis's parser accepts only these two as well.
            client.send("GET / " + version + "\r\nHost: test\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).as(version).isEqualTo(400);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"malformed request\"}");
            assertThat(client.closedByPeer()).isTrue();
        }
    }

    @Test
    void moreThan256HeadersIs431() throws IOException {
        StringBuilder request = new StringBuilder("GET / HTTP/1.1\r\nHost: test\r\n");
        for (int i = 0; i < 256; i++) {
            request.append("X-H").append(i).append(": v\r\n");
        }
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(request.append("\r\n").toString());
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("257 lines > 256 (docs/behaviour/limits.md#the-limits-table; RFC 6585 5)").isEqualTo(431);
            assertThat(response.bodyText()).contains("too many request headers");
            assertThat(client.closedByPeer()).isTrue();
        }
    }

    @Test
    void exactly256HeadersAreAccepted() throws IOException {
        StringBuilder request = new StringBuilder("GET / HTTP/1.1\r\nHost: test\r\n");
        for (int i = 0; i < 255; i++) {
            request.append("X-H").append(i).append(": v\r\n");
        }
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(request.append("\r\n").toString());
            assertThat(client.readResponse().status()).isEqualTo(200);
        }
    }

    @Test
    void headerBlockOverOneMebibyteIs431() throws IOException {
        String big = "a".repeat(8000);
        StringBuilder request = new StringBuilder("GET / HTTP/1.1\r\nHost: test\r\n");
        for (int i = 0; i < 140; i++) {
            request.append("X-Big").append(i).append(": ").append(big).append("\r\n");
        }
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(request.append("\r\n").toString());
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("RFC 6585 5").isEqualTo(431);
            assertThat(response.bodyText()).contains("header block too large");
        }
    }

    @Test
    void http11WithoutHostIs400() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET / HTTP/1.1\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("RFC 9112 3.2").isEqualTo(400);
            assertThat(response.header("x-request-id")).isNotNull();
        }
    }

    @Test
    void hostWithUserinfoOrAPathIs400() throws IOException {
        for (String host : new String[] {"user@evil.example", "good.example/evil", "good.example:80:81"}) {
            try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
                client.send("GET / HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
                RawResponse response = client.readResponse();
                assertThat(response.status()).as("RFC 9110 7.2: Host %s", host).isEqualTo(400);
                assertThat(response.bodyText()).contains("invalid Host header");
            }
        }
    }

    @Test
    void invalidChunkedBodyIsRefused() throws IOException {
        TestGateway proxying;
        try (var origin = io.jpraxis.testkit.TestOrigin.start("o")) {
            proxying = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
            try (RawHttpConnection client = RawHttpConnection.open(proxying.port())) {
                client.send("POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nxx\r\n");
                RawResponse response = client.readResponse();
                assertThat(response.status()).isEqualTo(400);
                assertThat(response.bodyText()).contains("malformed request body");
                // The decoder reads nothing more from this connection: kept alive, the client's next
                // request would be swallowed and wait for the idle timeout.
                assertThat(response.header("connection")).as("the framing broke: the connection ends")
                        .isEqualTo("close");
                assertThat(client.closedByPeer()).isTrue();
            } finally {
                proxying.close();
            }
        }
    }

    @Test
    void transferCodingsOtherThanChunkedAre501() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n");
            assertThat(client.readResponse().status()).as("RFC 9112 6.1").isEqualTo(501);
        }
    }

    @Test
    void connectIsNotSupported() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
            assertThat(client.readResponse().status()).isEqualTo(405);
        }
    }
}
