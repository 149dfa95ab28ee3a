package io.jpraxis.http.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import org.junit.jupiter.api.Test;

/** The head decision rewrites the headers, and the pieces decode to the origin's bytes. */
class ResponseEncodingTest {
    private static final EncodingPolicy POLICY = new EncodingPolicy(
            Map.of(Coding.GZIP, 6, Coding.BROTLI, 6, Coding.ZSTD, 6), 256,
            new ContentTypes(List.of("text/", "application/json")));
    private static final ByteBufAllocator ALLOC = ByteBufAllocator.DEFAULT;

    private static HttpResponse response(String type, String length) {
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
        if (length != null) {
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH, length);
        }
        return response;
    }

    @Test
    void aGzipResponseLosesItsLengthAndDecodesByteForByte() throws IOException {
        byte[] body = "{\"a\":1},".repeat(1000).getBytes(StandardCharsets.UTF_8);
        HttpResponse head = response("application/json; charset=utf-8", String.valueOf(body.length));
        ResponseEncoding encoding = new ResponseEncoding(POLICY, "gzip;q=1, br;q=0.5");
        assertThat(encoding.head(head)).isTrue();
        assertThat(head.headers().get(HttpHeaderNames.CONTENT_ENCODING)).isEqualTo("gzip");
        assertThat(head.headers().contains(HttpHeaderNames.CONTENT_LENGTH)).isFalse();
        assertThat(head.headers().get(HttpHeaderNames.VARY)).isEqualTo("accept-encoding");
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        HttpContent first = encoding.piece(
                new DefaultHttpContent(Unpooled.wrappedBuffer(body, 0, 4000)), ALLOC);
        wire.writeBytes(ByteBufUtil.getBytes(first.content()));
        first.release();
        LastHttpContent last = encoding.last(new DefaultLastHttpContent(
                Unpooled.wrappedBuffer(body, 4000, body.length - 4000)), ALLOC);
        wire.writeBytes(ByteBufUtil.getBytes(last.content()));
        last.release();
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(wire.toByteArray()))) {
            assertThat(in.readAllBytes()).isEqualTo(body);
        }
    }

    @Test
    void smallJsonpSseAndIdentityResponsesPassAsTheyAre() {
        ResponseEncoding encoding = new ResponseEncoding(POLICY, "gzip, br, zstd");
        HttpResponse small = response("application/json", "255");
        assertThat(encoding.head(small)).isFalse();
        assertThat(small.headers().get(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo("255");
        assertThat(small.headers().get(HttpHeaderNames.VARY)).as("the choice depended on it").isEqualTo("accept-encoding");
        assertThat(new ResponseEncoding(POLICY, "gzip").head(response("application/jsonp", "5000"))).isFalse();
        assertThat(new ResponseEncoding(POLICY, "gzip").head(response("text/event-stream", null))).isFalse();
        assertThat(new ResponseEncoding(POLICY, "identity").head(response("text/plain", "5000"))).isFalse();
        assertThat(new ResponseEncoding(POLICY, "gzip;q=0, zstd").head(response("text/plain", "5000"))).isTrue();
    }
}
