package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Request heads that two HTTP parsers could frame differently (request smuggling) are answered 400
 * with a JSON error before the pipeline, and the connection closes, so no byte of them reaches the
 * origin and nothing after them on the connection is read as a request.
 */
@Timeout(20)
class SmugglingDefenceTest {
    private TestOrigin origin;
    private TestGateway gateway;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
        gateway = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
    }

    @AfterEach
    void stop() {
        gateway.close();
        origin.close();
    }

    @Test
    void contentLengthWithTransferEncodingIsRefused() throws IOException {
        assertRefused("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n", "RFC 9112 6.3: the two framings disagree");
    }

    @Test
    void transferEncodingBeforeContentLengthIsRefused() throws IOException {
        assertRefused("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n"
                + "0\r\n\r\n", "the order of the two headers does not matter");
    }

    @Test
    void duplicateEqualContentLengthsAreRefused() throws IOException {
        assertRefused("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhello",
                "a repeated Content-Length is refused even when the values agree");
    }

    @Test
    void differingContentLengthsAreRefused() throws IOException {
        assertRefused("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
                "RFC 9112 6.3 item 5");
    }

    @Test
    void listValuedContentLengthIsRefused() throws IOException {
        assertRefused("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5, 5\r\n\r\nhello", "a list is not a length");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1", "+5", "5 5", "0x10", ""})
    void contentLengthThatIsNotADecimalCountIsRefused(String value) throws IOException {
        assertRefused("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: " + value + "\r\n\r\nhello",
                "Content-Length is 1*DIGIT (RFC 9110 8.6)");
    }

    @Test
    void obsoleteLineFoldingWithSpaceIsRefused() throws IOException {
        assertRefused("GET / HTTP/1.1\r\nHost: t\r\nX-A: a\r\n b\r\n\r\n", "RFC 9112 5.2: obs-fold is refused");
    }

    @Test
    void obsoleteLineFoldingWithTabIsRefused() throws IOException {
        assertRefused("GET / HTTP/1.1\r\nHost: t\r\n\tTransfer-Encoding: chunked\r\n\r\n",
                "a folded line could hide a header from one parser and not the other");
    }

    @Test
    void foldedLineSplitAcrossReadsIsRefused() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET / HTTP/1.1\r\nHost: t\r\nX-A: a\r\n");
            sleep(100); // the fold starts the next read
            client.send(" b\r\n\r\n");
            assertBadRequest(client, "the check spans socket reads");
        }
        assertThat(origin.requestCount()).isZero();
    }

    @Test
    void whitespaceInsideAValueIsAccepted() throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send("GET / HTTP/1.1\r\nHost: t\r\nX-A: a \t b\r\n\r\n");
            RawResponse response = client.readResponse();
            assertThat(response.status()).as("only a line that starts with whitespace is a fold").isEqualTo(200);
            assertThat(response.echo().header("x-a")).isEqualTo("a \t b");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\u0000b", "a\u0001b", "a\u007fb", "a\rb"})
    void controlCharactersInValuesAreRefused(String value) throws IOException {
        assertRefused("GET / HTTP/1.1\r\nHost: t\r\nX-A: " + value + "\r\n\r\n", "RFC 9110 5.5: no CTL in a field value");
    }

    @ParameterizedTest
    @ValueSource(strings = {"X A", "X-A ", "X(A)", "X\"A", "X\u0000A", "X@A"})
    void invalidHeaderNamesAreRefused(String name) throws IOException {
        assertRefused("GET / HTTP/1.1\r\nHost: t\r\n" + name + ": v\r\n\r\n", "a field name is a token (RFC 9110 5.1)");
    }

    @Test
    void bareCarriageReturnEndingALineIsRefused() throws IOException {
        assertRefused("GET / HTTP/1.1\r\nHost: t\rX-A: b\r\n\r\n", "RFC 9112 2.2: a bare CR is refused");
    }

    @Test
    void bareLineFeedIsRefused() throws IOException {
        assertRefused("GET / HTTP/1.1\nHost: t\nX-A: b\n\n", "lines end with CRLF only");
    }

    @Test
    void repeatedChunkedCodingIsRefused() throws IOException {
        assertRefused("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "0\r\n\r\n", "RFC 9112 7: chunked is applied at most once");
    }

    private void assertRefused(String raw, String why) throws IOException {
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(raw.getBytes(StandardCharsets.ISO_8859_1));
            assertBadRequest(client, why);
        }
        assertThat(origin.requestCount()).as("refused before the pipeline: %s", why).isZero();
    }

    private static void assertBadRequest(RawHttpConnection client, String why) throws IOException {
        RawResponse response = client.readResponse();
        assertThat(response.status()).as(why).isEqualTo(400);
        assertThat(response.header("content-type")).startsWith("application/problem+json");
        assertThat(response.bodyText()).as("docs/behaviour/request-lifecycle.md#error-bodies: a JSON error").startsWith("{\"type\":\"about:blank\",");
        assertThat(response.header("connection")).isEqualTo("close");
        assertThat(client.closedByPeer()).as("nothing after a refused head is read as a request").isTrue();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
