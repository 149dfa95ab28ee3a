package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code body_limits}: 413 for requests (see docs/behaviour/request-lifecycle.md#local-statuses), a
 * connection abort for responses (see docs/behaviour/body-access.md#access-and-delivery-modes).
 */
@Timeout(30)
class BodyLimitTest {
    private static final long LIMIT = 100_000;
    private TestOrigin origin;
    private TestGateway gateway;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
        gateway = TestGateway.builder().bodyLimits(LIMIT, LIMIT)
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
    }

    @AfterEach
    void stop() {
        gateway.close();
        origin.close();
    }

    @Test
    void declaredLengthOverLimitIs413BeforeContactingUpstream() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST / HTTP/1.1\r\nHost: test\r\nContent-Length: " + (LIMIT + 1) + "\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(413);
            assertThat(response.bodyText()).endsWith(",\"detail\":\"request body too large\"}");
            assertThat(response.header("connection")).as("the unread body makes the connection unusable")
                    .isEqualTo("close");
            assertThat(origin.acceptedConnections()).isZero();
        }
    }

    @Test
    void clientStillUploadingReads413InsteadOfAReset() throws Exception {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            long length = 8L * 1024 * 1024;
            client.send("POST / HTTP/1.1\r\nHost: test\r\nContent-Length: " + length + "\r\n\r\n");
            CompletableFuture<Void> upload = CompletableFuture.runAsync(() -> {
                try {
                    TestData.stream(length).transferTo(client.output());
                } catch (IOException expected) {
                    // the gateway closes after lingering; the client's write may fail then
                }
            });
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("lingering close lets the client read the answer").isEqualTo(413);
            upload.join();
        }
    }

    @Test
    void chunkedBodyCrossingLimitIs413() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n");
            OutputStream out = client.output();
            byte[] chunk = new byte[20_000];
            TestData.fill(chunk, 0, chunk.length, 0);
            try {
                for (int i = 0; i < 10; i++) {
                    out.write(("4e20\r\n").getBytes());
                    out.write(chunk);
                    out.write("\r\n".getBytes());
                    out.flush();
                }
                out.write("0\r\n\r\n".getBytes());
                out.flush();
            } catch (SocketException ignored) {
                // the gateway may have stopped reading
            }
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(413);
            assertThat(origin.requestCount()).as("the origin never got a complete request").isLessThanOrEqualTo(1);
        }
    }

    @Test
    void bodyAtTheLimitIsForwarded() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n");
            byte[] body = new byte[(int) LIMIT];
            TestData.fill(body, 0, body.length, 0);
            client.send(Long.toHexString(LIMIT) + "\r\n");
            client.send(body);
            client.send("\r\n0\r\n\r\n");
            var echo = client.readResponse().echo();
            assertThat(echo.bodyBytes()).isEqualTo(LIMIT);
            assertThat(echo.bodySha256()).isEqualTo(TestData.sha256(LIMIT));
        }
    }

    @Test
    void responseOverLimitAbortsTheConnection() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET / HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": 1000000\r\n"
                    + OriginCommands.FRAMING + ": length\r\n\r\n");
            assertThatThrownBy(client::readResponse).isInstanceOfAny(EOFException.class, SocketException.class);
        }
        assertThat(UpstreamFailureTest.waitUntil(() -> origin.openConnections() == 0))
                .as("the upstream exchange is abandoned too").isTrue();
    }
}
