package io.jpraxis.filters.grpc.web;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static io.jpraxis.filters.testing.FilterFixtures.requestAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class GrpcWebFilterTest {
    /** One gRPC message frame: uncompressed, four bytes of payload. */
    private static final byte[] FRAME = {0, 0, 0, 0, 4, 'p', 'i', 'n', 'g'};

    private final HttpFilter filter = build(new GrpcWebFactory(), "{}\n").accepted();

    private RequestContext call(String contentType) {
        RequestContext ctx = requestAs("POST", "http", "/svc/M", "content-type", contentType);
        filter.onRequest(ctx);
        return ctx;
    }

    /** Runs the response through the filter: the head, then each piece, the last with {@code trailers}. */
    private byte[] respond(RequestContext ctx, HeaderMap head, HeaderMap trailers, byte[]... pieces) {
        filter.onResponse(ctx, new ResponseHead(200, head, false));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < pieces.length; i++) {
            boolean last = i == pieces.length - 1;
            BodyChunk chunk = BodyChunk.of(List.of(ByteBuffer.wrap(pieces[i])), last, last ? trailers : null);
            filter.onResponseBody(ctx, chunk);
            out.writeBytes(chunk.replaced() != null ? chunk.replaced().toByteArray() : pieces[i]);
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] trailerFrame(String block) {
        byte[] bytes = block.getBytes(StandardCharsets.US_ASCII);
        return concat(new byte[] {(byte) 0x80, 0, 0, 0, (byte) bytes.length}, bytes);
    }

    @Test
    void aBinaryCallGoesUpstreamAsNativeGrpc() {
        RequestContext ctx = call("application/grpc-web+proto");
        assertThat(ctx.headers().get("content-type")).isEqualTo("application/grpc+proto");
        assertThat(ctx.headers().get("te")).isEqualTo("trailers");
        assertThat(ctx.metadata().get("grpc_web.encoding")).isEqualTo("grpc-web+proto");
        assertThat(ctx.results().get("grpc_web", "encoding")).contains("grpc-web+proto");
        assertThat(call("application/grpc-web+thrift").headers().get("content-type"))
                .as("an unknown codec goes as plain gRPC").isEqualTo("application/grpc");
    }

    @Test
    void otherTrafficAndDisabledEncodingsPassUntouched() {
        assertThat(call("application/grpc").headers().contains("te")).isFalse();
        HttpFilter binaryOnly = build(new GrpcWebFactory(), "encodings: {text: false}\n").accepted();
        RequestContext ctx = requestAs("POST", "http", "/", "content-type", "application/grpc-web-text");
        binaryOnly.onRequest(ctx);
        assertThat(ctx.headers().get("content-type")).isEqualTo("application/grpc-web-text");
        assertThat(declarationOf(binaryOnly).requestBody().mode()).as("no body to decode: not read whole")
                .isEqualTo(BodyMode.STREAM);
    }

    @Test
    void aTextBodyIsDecodedEvenInSeveralPaddedRuns() {
        RequestContext ctx = requestAs("POST", "http", "/", "content-type", "application/grpc-web-text");
        String twoRuns = Base64.getEncoder().encodeToString(FRAME) + Base64.getEncoder().encodeToString(FRAME);
        BodyChunk body = BodyChunk.of(twoRuns.getBytes(StandardCharsets.US_ASCII), true);
        assertThat(filter.onRequestBody(ctx, body)).isEqualTo(FilterAction.CONTINUE);
        assertThat(body.replaced().toByteArray()).isEqualTo(concat(FRAME, FRAME));
    }

    @Test
    void aTextBodyThatIsNotBase64Is400() {
        for (String bad : new String[] {"AAA", "AA*A", "A===", "AA=A"}) {
            RequestContext ctx = requestAs("POST", "http", "/", "content-type", "application/grpc-web-text");
            assertThat(filter.onRequestBody(ctx, BodyChunk.of(bad.getBytes(StandardCharsets.US_ASCII), true)))
                    .as(bad).isEqualTo(FilterAction.reject(400, "invalid grpc-web-text body"));
        }
    }

    @Test
    void upstreamTrailersBecomeTheLastFrame() {
        RequestContext ctx = call("application/grpc-web");
        HeaderMap trailers = new HeaderMap().set("grpc-status", "0").set("grpc-message", "ok");
        byte[] body = respond(ctx, new HeaderMap().set("content-type", "application/grpc"), trailers, FRAME);
        assertThat(body).isEqualTo(concat(FRAME, trailerFrame("grpc-status: 0\r\ngrpc-message: ok\r\n")));
        assertThat(trailers.isEmpty()).as("they are not also sent as trailers").isTrue();
    }

    @Test
    void aTextResponseIsEncodedAcrossPiecesSplitMidGroup() {
        RequestContext ctx = call("application/grpc-web-text+proto");
        HeaderMap head = new HeaderMap().set("content-type", "application/grpc+proto");
        HeaderMap trailers = new HeaderMap().set("grpc-status", "0");
        byte[] first = {FRAME[0], FRAME[1]};
        byte[] second = java.util.Arrays.copyOfRange(FRAME, 2, 7);
        byte[] third = java.util.Arrays.copyOfRange(FRAME, 7, FRAME.length);
        byte[] body = respond(ctx, head, trailers, first, second, third);
        byte[] expected = Base64.getEncoder().encode(concat(FRAME, trailerFrame("grpc-status: 0\r\n")));
        assertThat(new String(body, StandardCharsets.US_ASCII)).isEqualTo(new String(expected, StandardCharsets.US_ASCII));
        assertThat(head.get("content-type")).isEqualTo("application/grpc-web-text+proto");
    }

    @Test
    void aTrailersOnlyResponseNeedsNoFrame() {
        RequestContext ctx = call("application/grpc-web");
        HeaderMap head = new HeaderMap().set("content-type", "application/grpc").set("grpc-status", "5");
        assertThat(respond(ctx, head, new HeaderMap(), new byte[0])).isEmpty();
    }

    @Test
    void aCallThatEndsWithoutStatusGetsUnknown() {
        RequestContext ctx = call("application/grpc-web");
        byte[] body = respond(ctx, new HeaderMap(), new HeaderMap(), FRAME);
        assertThat(body).isEqualTo(concat(FRAME, trailerFrame("grpc-status: 2\r\n"
                + "grpc-message: upstream ended the stream without a gRPC status\r\n")));
        HttpFilter passthrough = build(new GrpcWebFactory(), "on_missing_trailers: passthrough\n").accepted();
        RequestContext other = requestAs("POST", "http", "/", "content-type", "application/grpc-web");
        passthrough.onRequest(other);
        passthrough.onResponse(other, new ResponseHead(200, new HeaderMap(), false));
        BodyChunk last = BodyChunk.of(FRAME, true);
        passthrough.onResponseBody(other, last);
        assertThat(last.replaced()).as("passthrough adds nothing").isNull();
    }

    @Test
    void trailersWithoutStatusGetOneAdded() {
        RequestContext ctx = call("application/grpc-web");
        byte[] body = respond(ctx, new HeaderMap(), new HeaderMap().set("x-extra", "1"), new byte[0]);
        assertThat(new String(body, 5, body.length - 5, StandardCharsets.US_ASCII))
                .startsWith("x-extra: 1\r\ngrpc-status: 2\r\n");
    }
}
