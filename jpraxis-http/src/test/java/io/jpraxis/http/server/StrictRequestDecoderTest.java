package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The obsolete-line-folding check follows message boundaries whatever the read sizes. */
class StrictRequestDecoderTest {

    /** Feeds {@code raw} in pieces of {@code step} bytes; returns the request heads decoded. */
    private static List<HttpRequest> decode(String raw, int step) {
        EmbeddedChannel channel = new EmbeddedChannel(new Http1RequestCodec(StrictRequestDecoder.strictConfig(
                8192, 65536, 8192)));
        byte[] bytes = raw.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < bytes.length; i += step) {
            channel.writeInbound(Unpooled.wrappedBuffer(bytes, i, Math.min(step, bytes.length - i)));
        }
        List<HttpRequest> heads = new ArrayList<>();
        HttpObject msg;
        while ((msg = channel.readInbound()) != null) {
            if (msg instanceof HttpRequest head) {
                heads.add(head);
            }
            if (msg instanceof HttpContent) {
                ReferenceCountUtil.release(msg);
            }
        }
        channel.finishAndReleaseAll();
        return heads;
    }

    @Test
    void foldIsFoundWhateverTheReadBoundaries() {
        String folded = "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\r\n\tb\r\n\r\n";
        for (int step = 1; step <= folded.length(); step++) {
            List<HttpRequest> heads = decode(folded, step);
            assertThat(heads).as("reads of %d bytes", step).hasSize(1);
            assertThat(heads.getFirst().decoderResult().isFailure()).as("reads of %d bytes", step).isTrue();
        }
    }

    @Test
    void whitespaceInABodyIsNotAFold() {
        String body = "a\r\n b\r\n\tc";
        String raw = "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: " + body.length() + "\r\n\r\n" + body
                + "GET /next HTTP/1.1\r\nHost: t\r\n\r\n";
        for (int step : new int[] {1, 3, 7, raw.length()}) {
            List<HttpRequest> heads = decode(raw, step);
            assertThat(heads).as("reads of %d bytes", step).hasSize(2);
            assertThat(heads).as("body bytes are not header lines").allMatch(h -> h.decoderResult().isSuccess());
            assertThat(heads.get(1).uri()).isEqualTo("/next");
        }
    }

    @Test
    void foldInAPipelinedSecondHeadIsFound() {
        String raw = "GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n X: y\r\n\r\n";
        for (int step : new int[] {1, 5, raw.length()}) {
            List<HttpRequest> heads = decode(raw, step);
            assertThat(heads).hasSize(2);
            assertThat(heads.get(0).decoderResult().isSuccess()).isTrue();
            assertThat(heads.get(1).decoderResult().isFailure()).as("reads of %d bytes", step).isTrue();
        }
    }

    @Test
    void emptyLinesBeforeTheRequestLineAreNotFolds() {
        List<HttpRequest> heads = decode("\r\n\r\nGET / HTTP/1.1\r\nHost: t\r\n\r\n", 2);
        assertThat(heads).singleElement().matches(h -> h.decoderResult().isSuccess());
    }
}
