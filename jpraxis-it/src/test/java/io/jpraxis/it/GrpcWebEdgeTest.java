package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.H2Origin;
import io.jpraxis.testkit.RawHttpConnection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code grpc_web} through a real gateway to an HTTP/1.1 origin that ends its chunked responses
 * with gRPC trailers (see docs/behaviour/grpc.md#grpc-web, docs/behaviour/body-access.md#trailers).
 */
@Timeout(30)
class GrpcWebEdgeTest {
    /** Two gRPC message frames. */
    private static final byte[] MESSAGES = concat(frame("hello"), frame("world!"));
    private static final String TRAILERS = "grpc-status: 0\r\ngrpc-message: ok\r\n";

    private static byte[] frame(String payload) {
        byte[] bytes = payload.getBytes(StandardCharsets.US_ASCII);
        return concat(new byte[] {0, 0, 0, 0, (byte) bytes.length}, bytes);
    }

    private static byte[] trailerFrame(String block) {
        byte[] bytes = block.getBytes(StandardCharsets.US_ASCII);
        return concat(new byte[] {(byte) 0x80, 0, 0, 0, (byte) bytes.length}, bytes);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static String chunk(byte[] bytes) {
        return Integer.toHexString(bytes.length) + "\r\n" + new String(bytes, StandardCharsets.ISO_8859_1) + "\r\n";
    }

    /** An origin that reads one call and answers {@link #MESSAGES} in two chunks split mid-frame, then trailers. */
    private static ScriptedOrigin grpcOrigin(ByteArrayOutputStream received) throws IOException {
        return new ScriptedOrigin(x -> {
            String head = x.readHead();
            received.writeBytes(x.readBody(Integer.parseInt(ScriptedOrigin.header(head, "content-length"))));
            x.write("HTTP/1.1 200 OK\r\ncontent-type: application/grpc+proto\r\ntransfer-encoding: chunked\r\n\r\n"
                    + chunk(Arrays.copyOfRange(MESSAGES, 0, 7)));
            x.write(chunk(Arrays.copyOfRange(MESSAGES, 7, MESSAGES.length)) + "0\r\n" + TRAILERS + "\r\n");
        });
    }

    private static RunningGateway gateway(ScriptedOrigin origin) {
        return RunningGateway.start(TestConfigs.proxyTo(origin.address(), "").replace("filters:\n",
                "filters:\n      - filter: grpc_web\n"));
    }

    /** A response read to the connection's end: head lines, then the de-chunked body and its trailer lines. */
    private record Answer(String head, byte[] body, String trailers) {
        static Answer read(RawHttpConnection conn) throws IOException {
            byte[] all = conn.input().readAllBytes();
            String text = new String(all, StandardCharsets.ISO_8859_1);
            int headEnd = text.indexOf("\r\n\r\n") + 4;
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            int at = headEnd;
            while (true) {
                int lineEnd = text.indexOf("\r\n", at);
                int size = Integer.parseInt(text.substring(at, lineEnd).trim(), 16);
                at = lineEnd + 2;
                if (size == 0) {
                    break;
                }
                body.write(all, at, size);
                at += size + 2;
            }
            return new Answer(text.substring(0, headEnd).toLowerCase(), body.toByteArray(), text.substring(at));
        }
    }

    @Test
    void aTextCallSplitMidGroupIsDecodedAndItsAnswerEncodedWithTrailersAsTheLastFrame() throws Exception {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        try (ScriptedOrigin origin = grpcOrigin(received);
                RunningGateway gw = gateway(origin);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String encoded = Base64.getEncoder().encodeToString(MESSAGES);
            conn.send("POST /svc.Echo/Say HTTP/1.1\r\nHost: t\r\nConnection: close\r\n"
                    + "content-type: application/grpc-web-text+proto\r\ntransfer-encoding: chunked\r\n\r\n");
            // Six characters then the rest: the split falls inside a four-character group.
            conn.send(chunk(encoded.substring(0, 6).getBytes(StandardCharsets.US_ASCII)));
            conn.send(chunk(encoded.substring(6).getBytes(StandardCharsets.US_ASCII)) + "0\r\n\r\n");
            Answer answer = Answer.read(conn);

            assertThat(received.toByteArray()).as("the upstream gets the frames, decoded").isEqualTo(MESSAGES);
            String upstreamHead = origin.heads().getFirst();
            assertThat(ScriptedOrigin.header(upstreamHead, "content-type")).isEqualTo("application/grpc+proto");
            assertThat(answer.head()).startsWith("http/1.1 200").contains("content-type: application/grpc-web-text+proto");
            assertThat(Base64.getDecoder().decode(answer.body())).as("frames, then the trailers as the last frame")
                    .isEqualTo(concat(MESSAGES, trailerFrame(TRAILERS)));
            assertThat(answer.trailers()).as("no HTTP trailers left: a browser cannot read them")
                    .doesNotContain("grpc-status");
        }
    }

    @Test
    void aBinaryCallGetsItsTrailersAsTheLastFrame() throws Exception {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        try (ScriptedOrigin origin = grpcOrigin(received);
                RunningGateway gw = gateway(origin);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            byte[] request = frame("hi");
            conn.send("POST /svc.Echo/Say HTTP/1.1\r\nHost: t\r\nConnection: close\r\ncontent-type: application/grpc-web\r\n"
                    + "content-length: " + request.length + "\r\n\r\n" + new String(request, StandardCharsets.ISO_8859_1));
            Answer answer = Answer.read(conn);

            assertThat(received.toByteArray()).isEqualTo(request);
            assertThat(ScriptedOrigin.header(origin.heads().getFirst(), "content-type"))
                    .as("an unknown codec: plain gRPC").isEqualTo("application/grpc+proto");
            assertThat(answer.head()).contains("content-type: application/grpc-web+proto");
            assertThat(answer.body()).isEqualTo(concat(MESSAGES, trailerFrame(TRAILERS)));
            assertThat(answer.trailers()).doesNotContain("grpc-status");
        }
    }

    @Test
    void overAnHttp2ClusterTheOriginIsAskedForTrailersAndTheyBecomeTheLastFrame() throws Exception {
        try (H2Origin origin = H2Origin.builder().start();
                RunningGateway gw = RunningGateway.start(TestConfigs.pipeline("""
                        - filter: grpc_web
                        - filter: router
                          routes: [{path_prefix: /, cluster: app}]
                        - filter: load_balancer
                          clusters:
                            - name: app
                              http: {version: h2}
                              endpoints: ["127.0.0.1:%d"]
                        """.formatted(origin.port())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            byte[] request = frame("hi");
            conn.send("POST /svc.Echo/Say HTTP/1.1\r\nHost: t\r\nConnection: close\r\n"
                    + "content-type: application/grpc-web+proto\r\nx-send-trailers: 1\r\n"
                    + "content-length: " + request.length + "\r\n\r\n" + new String(request, StandardCharsets.ISO_8859_1));
            Answer answer = Answer.read(conn);

            assertThat(answer.head()).as("a browser sends no te; gRPC servers need te: trailers")
                    .contains("x-seen-te: trailers").contains("content-type: application/grpc-web+proto");
            assertThat(new String(answer.body(), StandardCharsets.ISO_8859_1))
                    .as("the origin's trailers, with the missing status synthesized, as the last frame")
                    .isEqualTo(new String(trailerFrame("x-origin-trailer: done\r\ngrpc-status: 2\r\n"
                            + "grpc-message: upstream ended the stream without a gRPC status\r\n"), StandardCharsets.ISO_8859_1));
            assertThat(answer.trailers()).doesNotContain("x-origin-trailer");
        }
    }

    @Test
    void aTextBodyThatIsNotBase64Is400() throws Exception {
        try (ScriptedOrigin origin = grpcOrigin(new ByteArrayOutputStream());
                RunningGateway gw = gateway(origin);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("POST /svc.Echo/Say HTTP/1.1\r\nHost: t\r\ncontent-type: application/grpc-web-text\r\n"
                    + "content-length: 5\r\n\r\n!!!!!");
            var response = conn.readResponse();
            assertThat(response.status()).isEqualTo(400);
            assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("invalid grpc-web-text body");
            assertThat(origin.heads()).as("nothing went upstream").isEmpty();
        }
    }
}
