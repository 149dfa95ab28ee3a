package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * HTTP/2 with prior knowledge on the same cleartext listener as HTTP/1.1: each stream runs the
 * same exchange as an HTTP/1 request, proxied to an HTTP/1.1 origin.
 */
@Timeout(60)
class Http2DownstreamTest {
    private static final long MIB = 1024 * 1024;
    private TestOrigin origin;
    private TestGateway gateway;
    private H2cClient client;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
        gateway = TestGateway.builder().bodyLimits(128 * MIB, 128 * MIB)
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
        client = H2cClient.connect(gateway.port());
    }

    @AfterEach
    void stop() {
        client.close();
        gateway.close();
        origin.close();
    }

    @Test
    void getIsProxiedToTheHttp1Origin() {
        Http2Headers headers = H2cClient.headers("GET", "/hello?x=1").add("x-client", "h2");
        H2Response response = H2cClient.await(client.send(headers, 0));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header(OriginCommands.ORIGIN_NAME)).isEqualTo("o");
        EchoResponse echo = response.echo();
        assertThat(echo.version()).as("upstream stays HTTP/1.1").isEqualTo("HTTP/1.1");
        assertThat(echo.uri()).isEqualTo("/hello?x=1");
        assertThat(echo.header("host")).as(":authority maps to Host").isEqualTo("test");
        assertThat(echo.header("x-client")).isEqualTo("h2");
        assertThat(echo.hasHeader("x-http2-stream-id")).as("codec bookkeeping is not sent upstream").isFalse();
        assertThat(echo.hasHeader("x-http2-scheme")).isFalse();
        assertThat(response.headers()).as("no HTTP/1 connection headers on an h2 response")
                .doesNotContainKeys("connection", "keep-alive", "transfer-encoding");
    }

    @Test
    void multiMebibyteUploadArrivesIntact() {
        long length = 8 * MIB;
        H2Response response = H2cClient.await(client.send(H2cClient.headers("POST", "/upload"), length));

        assertThat(response.status()).isEqualTo(200);
        EchoResponse echo = response.echo();
        assertThat(echo.bodyBytes()).isEqualTo(length);
        assertThat(echo.bodySha256()).as("DATA frames arrive unchanged and in order").isEqualTo(TestData.sha256(length));
    }

    @Test
    void multiMebibyteDownloadArrivesIntact() {
        long length = 8 * MIB;
        Http2Headers headers = H2cClient.headers("GET", "/download").add(OriginCommands.DOWNLOAD, Long.toString(length));
        H2Response response = H2cClient.await(client.send(headers, 0));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyBytes()).isEqualTo(length);
        assertThat(response.bodySha256()).isEqualTo(TestData.sha256(length));
    }

    @Test
    void downloadToAStalledClientIsPacedByItsStreamWindow() {
        long length = 64 * MIB;
        CompletableFuture<Void> startReading = new CompletableFuture<>();
        Http2Headers headers = H2cClient.headers("GET", "/download").add(OriginCommands.DOWNLOAD, Long.toString(length));
        CompletableFuture<H2Response> download = client.send(headers, 0, startReading);
        long sent = settle(origin::bodyBytesSent);

        assertThat(sent).as("the origin is held back while the client reads nothing").isLessThan(16 * MIB);
        startReading.complete(null);
        H2Response response = H2cClient.await(download);
        assertThat(response.bodyBytes()).isEqualTo(length);
        assertThat(response.bodySha256()).isEqualTo(TestData.sha256(length));
    }

    @Test
    void concurrentStreamsOnOneConnectionAreServedIndependently() {
        List<CompletableFuture<H2Response>> pending = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            long length = (i + 1) * 64 * 1024L;
            pending.add(client.send(H2cClient.headers("POST", "/s" + i), length));
        }
        for (int i = 0; i < pending.size(); i++) {
            H2Response response = H2cClient.await(pending.get(i));
            long length = (i + 1) * 64 * 1024L;
            assertThat(response.status()).as("stream %d", i).isEqualTo(200);
            assertThat(response.echo().path()).isEqualTo("/s" + i);
            assertThat(response.echo().bodySha256()).as("stream %d body", i).isEqualTo(TestData.sha256(length));
        }
        assertThat(gateway.gateway().openConnections()).as("all streams shared one client connection").isEqualTo(1);
    }

    @Test
    void reservedHeaderIsRefusedOnTheStreamAndTheConnectionStaysUsable() {
        Http2Headers headers = H2cClient.headers("GET", "/").add("x-praxis-model", "forged");
        H2Response refused = H2cClient.await(client.send(headers, 0));

        assertThat(refused.status()).as("docs/behaviour/routing-headers.md#reserved-header-prefixes, as on HTTP/1").isEqualTo(400);
        assertThat(refused.header("content-type")).startsWith("application/problem+json");
        assertThat(origin.requestCount()).isZero();
        assertThat(H2cClient.await(client.get("/after")).status()).as("only the stream failed").isEqualTo(200);
    }

    @Test
    void headerCountCapAppliesToStreams() {
        Http2Headers headers = H2cClient.headers("GET", "/");
        for (int i = 0; i < 256; i++) {
            headers.add("x-h" + i, "v");
        }
        H2Response response = H2cClient.await(client.send(headers, 0));
        assertThat(response.status()).as("256 fields plus Host > 256 (docs/behaviour/limits.md#the-limits-table), as on HTTP/1").isEqualTo(431);
        assertThat(response.bodyText()).contains("too many request headers");
        assertThat(origin.requestCount()).isZero();
    }

    @Test
    void theHttp1HeadRulesApplyToStreams() {
        H2Response dotted = H2cClient.await(client.send(H2cClient.headers("GET", "/").authority("Shop.Example."), 0));
        assertThat(dotted.echo().header("host")).as(":authority forwarded canonical").isEqualTo("shop.example");
        assertThat(H2cClient.await(client.send(H2cClient.headers("GET", "/").add("x_forwarded_for", "1"), 0)).status())
                .as("an underscore in a field name").isEqualTo(400);
        assertThat(H2cClient.await(client.send(H2cClient.headers("TRACE", "/"), 0)).status())
                .as("RFC 9110 9.3.8").isEqualTo(405);
        assertThat(H2cClient.await(client.send(H2cClient.headers("GET", "/").authority("test:0"), 0)).status())
                .as("a port out of range").isEqualTo(400);
        assertThat(H2cClient.await(client.send(H2cClient.headers("GET", "/").authority(""), 0)).resetCode())
                .as("an empty :authority is malformed (RFC 9113 8.3.1): the codec resets the stream")
                .isEqualTo(Http2Error.PROTOCOL_ERROR.code());
        assertThat(H2cClient.await(client.send(H2cClient.headers("GET", "/" + "a".repeat(8_200)), 0)).status())
                .as("a :path longer than an HTTP/1 request line may be").isEqualTo(414);
        assertThat(origin.requestCount()).as("only the first reached the origin").isEqualTo(1);
    }

    @Test
    void connectionSpecificHeaderIsAStreamError() {
        for (String name : List.of("connection", "transfer-encoding", "keep-alive", "upgrade", "te")) {
            // Without body: Netty never opens a stream whose HEADERS it refused, so DATA sent after
            // them would be a connection error (frames on an idle stream, RFC 9113 5.1).
            Http2Headers headers = H2cClient.headers("GET", "/").add(name, "chunked");
            H2Response response = H2cClient.await(client.send(headers, 0));
            assertThat(response.resetCode()).as("%s: malformed, a stream error of type PROTOCOL_ERROR (RFC 9113 8.2.2)",
                    name).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
        }
        assertThat(origin.requestCount()).as("nothing reached the origin").isZero();
        assertThat(H2cClient.await(client.get("/after")).status()).isEqualTo(200);
    }

    @Test
    void uploadOverTheBodyLimitIs413OnTheStream() {
        try (TestGateway small = TestGateway.builder().bodyLimits(MIB, MIB)
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
                H2cClient smallClient = H2cClient.connect(small.port())) {
            H2Response response = H2cClient.await(smallClient.send(H2cClient.headers("POST", "/big"), 2 * MIB));
            assertThat(response.status()).isEqualTo(413);
            assertThat(smallClient.bodyBytesWritten()).as("the client was told to stop sending").isLessThan(2 * MIB);
            assertThat(H2cClient.await(smallClient.get("/after")).status())
                    .as("the connection outlives the stream").isEqualTo(200);
        }
    }

    @Test
    void uploadToAStalledOriginHoldsBackOnlyItsOwnStream() {
        Http2Headers stalled = H2cClient.headers("POST", "/stalled").add(OriginCommands.FAIL, "stop_reading");
        CompletableFuture<H2Response> upload = client.send(stalled, 64 * MIB);
        long settled = settle(client::bodyBytesWritten);

        assertThat(settled).as("the stream's window is not returned while the upstream is blocked: the upload stalls")
                .isLessThan(16 * MIB);
        assertThat(H2cClient.await(client.get("/other")).status())
                .as("other streams of the connection still flow").isEqualTo(200);
        assertThat(upload).isNotDone();
    }

    /** Polls {@code counter} until it stops growing for 300 ms (at most 10 s); returns its value. */
    private static long settle(java.util.function.LongSupplier counter) {
        long last = -1;
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            long now = counter.getAsLong();
            if (now == last) {
                return now;
            }
            last = now;
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return counter.getAsLong();
    }

    @Test
    void http1StillWorksOnTheSamePort() throws Exception {
        try (var raw = io.jpraxis.testkit.RawHttpConnection.open(gateway.port())) {
            assertThat(raw.get("/h1").status()).isEqualTo(200);
        }
    }
}
