package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.RecordingOrigin;
import io.jpraxis.testkit.WireRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The smuggling and malformed-message suite: each case is the exact bytes a client sends (and, on
 * the response side, the exact bytes the origin answers with) against a raw-socket origin that
 * records everything it receives. Each asserts the status the client gets, what reached the origin
 * (nothing, or exactly one request that a strict parser accepts), and the client connection's state
 * afterwards (closed, or still serving: a second request is answered). A new case is one line in
 * {@link #requestCases()} or {@link #responseCases()}.
 */
@Timeout(30)
class WireProbeSuiteTest {
    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
    private static final String GET = "GET / HTTP/1.1\r\nHost: t\r\n\r\n";

    /** What the origin may have seen. */
    enum Reach {
        /** Not a byte. */
        NOTHING,
        /** Exactly one whole request, well-formed. */
        ONE,
        /** At most the start of one request (a body cut short), never a whole or malformed one. */
        PART
    }

    /** The client connection after the response. */
    enum After {
        /** The gateway closed it (after the response). */
        CLOSED,
        /** It serves a second request. */
        USABLE,
        /**
         * The response had begun (the head was on its way) when the origin broke it, so the
         * connection closes before the response ends; nothing after the break reaches the client.
         */
        CUT
    }

    /** One probe: the client's bytes, the origin's answer, and the expected outcome. */
    record Probe(String name, String request, String originAnswer, boolean answerEarly, int status, Reach reach,
            After after, Consumer<WireRequest> check) {
        @Override
        public String toString() {
            return name;
        }

        /** Also runs {@code check} on the one request the origin received. */
        Probe forwarded(Consumer<WireRequest> more) {
            return new Probe(name, request, originAnswer, answerEarly, status, reach, after, more);
        }

        /** The origin answers as soon as the request head arrived. */
        Probe early() {
            return new Probe(name, request, originAnswer, true, status, reach, after, check);
        }
    }

    /** A request-side probe: the origin answers a well-formed request with a plain 200. */
    static Probe req(String name, String request, int status, Reach reach, After after) {
        return new Probe(name, request, OK, false, status, reach, after, r -> { });
    }

    /** A response-side probe: a plain GET, answered by the origin with {@code answer}. */
    static Probe resp(String name, String answer, int status, After after) {
        return new Probe(name, GET, answer, false, status, Reach.ONE, after, r -> { });
    }

    static Stream<Probe> requestCases() {
        String post = "POST / HTTP/1.1\r\nHost: t\r\n";
        return Stream.of(
                // Framing the two parsers could read differently (request smuggling, RFC 9112 11.2).
                req("CL and TE", post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /s HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("TE then CL", post + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("duplicate equal CL", post + "Content-Length: 2\r\nContent-Length: 2\r\n\r\nab", 400, Reach.NOTHING, After.CLOSED),
                req("duplicate different CL", post + "Content-Length: 2\r\nContent-Length: 3\r\n\r\nabc", 400, Reach.NOTHING, After.CLOSED),
                req("CL list", post + "Content-Length: 2, 2\r\n\r\nab", 400, Reach.NOTHING, After.CLOSED),
                req("CL with inner space", post + "Content-Length: 1 2\r\n\r\nab", 400, Reach.NOTHING, After.CLOSED),
                req("CL with plus sign", post + "Content-Length: +2\r\n\r\nab", 400, Reach.NOTHING, After.CLOSED),
                req("CL with minus sign", post + "Content-Length: -2\r\n\r\nab", 400, Reach.NOTHING, After.CLOSED),
                req("CL in hex", post + "Content-Length: 0x2\r\n\r\nab", 400, Reach.NOTHING, After.CLOSED),
                req("TE chunked, identity", post + "Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("TE identity, chunked", post + "Transfer-Encoding: identity, chunked\r\n\r\n0\r\n\r\n", 501, Reach.NOTHING, After.CLOSED),
                req("TE repeated", post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("space before the colon", post + "Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("obs-fold", "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\r\n b\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("folded TE", post + "X-A: a\r\n\tTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("bare LF", "GET / HTTP/1.1\nHost: t\n\n", 400, Reach.NOTHING, After.CLOSED),
                req("bare CR", "GET / HTTP/1.1\r\nHost: t\rX-A: b\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("NUL in a value", "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\u0000b\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("NUL in a name", "GET / HTTP/1.1\r\nHost: t\r\nX\u0000A: b\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("chunk size overflow", post + "Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\nab\r\n0\r\n\r\n", 400, Reach.PART, After.CLOSED),
                req("chunk size garbage", post + "Transfer-Encoding: chunked\r\n\r\nZZ\r\nab\r\n0\r\n\r\n", 400, Reach.PART, After.CLOSED),
                req("chunk data longer than its size", post + "Transfer-Encoding: chunked\r\n\r\n2\r\nabcd\r\n0\r\n\r\n", 400, Reach.PART, After.CLOSED),
                req("chunk extension of 20 KiB", post + "Transfer-Encoding: chunked\r\n\r\n2;x=" + "a".repeat(20_000) + "\r\nab\r\n0\r\n\r\n", 400, Reach.PART, After.CLOSED),
                req("trailer with framing fields", post + "Transfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\nContent-Length: 9\r\nTransfer-Encoding: chunked\r\nHost: evil\r\n\r\n", 200, Reach.ONE, After.USABLE)
                        .forwarded(r -> assertThat(r.body()).as("the body as framed by the chunks").isEqualTo("ab".getBytes())),
                req("pipelined request after a bad one", "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\u0001b\r\n\r\nGET /second HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                // Limits (RFC 9112 3: 414; RFC 6585 5: 431).
                req("request line over 8 KiB", "GET /" + "a".repeat(8_200) + " HTTP/1.1\r\nHost: t\r\n\r\n", 414, Reach.NOTHING, After.CLOSED),
                req("request line under 8 KiB", "GET /" + "a".repeat(8_000) + " HTTP/1.1\r\nHost: t\r\n\r\n", 200, Reach.ONE, After.USABLE),
                req("257 header lines", "GET / HTTP/1.1\r\nHost: t\r\n" + "X-H: v\r\n".repeat(256) + "\r\n", 431, Reach.NOTHING, After.CLOSED),
                req("header block over 1 MiB", "GET / HTTP/1.1\r\nHost: t\r\n" + ("X-Big: " + "b".repeat(8_000) + "\r\n").repeat(140) + "\r\n", 431, Reach.NOTHING, After.CLOSED),
                // The edge's own choices (see docs/behaviour/http-edge.md#request-head-checks).
                req("lower-case version", "GET / http/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.CLOSED),
                req("underscore in a name", "GET / HTTP/1.1\r\nHost: t\r\nX_Forwarded_For: 10.0.0.1\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("empty Host", "GET / HTTP/1.1\r\nHost: \r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("Host port 0", "GET / HTTP/1.1\r\nHost: t:0\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("Host port 65536", "GET / HTTP/1.1\r\nHost: t:65536\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("Host port not digits", "GET / HTTP/1.1\r\nHost: t:8o\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("absolute-form port 99999", "GET http://t:99999/ HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("Host with a trailing dot", "GET / HTTP/1.1\r\nHost: Shop.Example.\r\n\r\n", 200, Reach.ONE, After.USABLE)
                        .forwarded(r -> assertThat(r.header("host")).as("forwarded canonical").isEqualTo("shop.example")),
                req("TRACE", "TRACE / HTTP/1.1\r\nHost: t\r\n\r\n", 405, Reach.NOTHING, After.USABLE),
                // The canonical path (see
                // docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding): one form matched and
                // forwarded, the rest refused.
                req("dot segments and doubled slashes", "GET //a/./b/../c;v=1//d HTTP/1.1\r\nHost: t\r\n\r\n", 200, Reach.ONE, After.USABLE)
                        .forwarded(r -> assertThat(r.target()).as("forwarded canonical, parameters kept").isEqualTo("/a/c;v=1/d")),
                req("unreserved escape", "GET /%61dmin?q=%61 HTTP/1.1\r\nHost: t\r\n\r\n", 200, Reach.ONE, After.USABLE)
                        .forwarded(r -> assertThat(r.target()).as("path decoded, query as sent").isEqualTo("/admin?q=%61")),
                req("climb above the root", "GET /../admin HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("encoded dot-dot climb", "GET /%2e%2E/admin HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("encoded slash", "GET /admin%2Fx HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("encoded backslash", "GET /admin%5cx HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("fragment", "GET /admin#x HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("control byte in the path", "GET /a\u0001b HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("DEL in the query", "GET /a?b\u007f HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("byte above 0x7F", "GET /caf\u00e9 HTTP/1.1\r\nHost: t\r\n\r\n", 400, Reach.NOTHING, After.USABLE),
                req("plain GET (control)", GET, 200, Reach.ONE, After.USABLE));
    }

    static Stream<Probe> responseCases() {
        return Stream.of(
                resp("CL and TE", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 502, After.USABLE),
                resp("two different CLs", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nok!", 502, After.USABLE),
                resp("bad chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nok\r\n0\r\n\r\n", 0, After.CUT),
                // Interim responses are skipped, never relayed (the gateway answers Expect itself).
                resp("1xx storm", "HTTP/1.1 100 Continue\r\n\r\n".repeat(5_000) + OK, 200, After.USABLE),
                resp("head over the limit", "HTTP/1.1 200 OK\r\n" + ("X-Big: " + "b".repeat(8_000) + "\r\n").repeat(140) + "Content-Length: 2\r\n\r\nok", 502, After.USABLE),
                resp("garbage", "SSH-2.0-OpenSSH_9.6\r\n\r\n", 502, After.USABLE),
                resp("plain 200 (control)", OK, 200, After.USABLE),
                // Over 64 KiB declared, so the body streams (a smaller one is read whole before the origin is contacted).
                new Probe("response before the request body", "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n12345",
                        OK, true, 200, Reach.PART, After.CLOSED, r -> { }).early());
    }

    @ParameterizedTest(name = "request: {0}")
    @MethodSource("requestCases")
    void requestProbe(Probe probe) throws IOException {
        run(probe);
    }

    @ParameterizedTest(name = "response: {0}")
    @MethodSource("responseCases")
    void responseProbe(Probe probe) throws IOException {
        run(probe);
    }

    private static void run(Probe probe) throws IOException {
        try (RecordingOrigin origin = probe.answerEarly() ? RecordingOrigin.answeringEarly(probe.originAnswer())
                        : RecordingOrigin.answering(probe.originAnswer());
                TestGateway gateway = TestGateway.builder()
                        .filter(TestFilters.forwardTo(TestGateway.cluster("c"), "127.0.0.1", origin.port())).start();
                RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(probe.request());
            if (probe.after() == After.CUT) {
                String seen = new String(client.input().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertThat(seen).as("%s: at most the head, none of what followed the break", probe)
                        .doesNotContain("ZZ").doesNotContain("\r\n\r\nok");
            } else {
                RawResponse response = client.readResponse();
                assertThat(response.status()).as("%s: status", probe).isEqualTo(probe.status());
            }
            assertReach(probe, origin);
            switch (probe.after()) {
                case CLOSED -> assertThat(client.closedByPeer()).as("%s: the connection ends", probe).isTrue();
                case CUT -> { } // read to its end above
                case USABLE -> {
                    client.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n");
                    assertThat(client.readResponse().status()).as("%s: a second request is answered", probe)
                            .isBetween(200, 599);
                }
            }
        }
    }

    private static void assertReach(Probe probe, RecordingOrigin origin) throws WireRequest.Malformed {
        switch (probe.reach()) {
            case NOTHING -> assertThat(origin.received()).as("%s: no byte reaches the origin", probe).isEmpty();
            case ONE -> {
                List<WireRequest> requests = origin.requests();
                assertThat(requests).as("%s: exactly one well-formed request", probe).hasSize(1);
                probe.check().accept(requests.getFirst());
            }
            case PART -> {
                byte[] seen = origin.received();
                if (seen.length > 0) {
                    assertThatThrownBy(() -> WireRequest.parseAll(seen))
                            .as("%s: at most a request cut short, never a whole or malformed one", probe)
                            .isInstanceOf(WireRequest.Malformed.class).hasMessageStartingWith("bytes end inside");
                }
            }
        }
    }
}
