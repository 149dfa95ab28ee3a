package io.jpraxis.http.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.support.SmallTrailers;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The upstream codec: responses are framed by the request they answer (HEAD has no body), interim
 * responses answer nothing, and what the origin sent reaches the gateway unchanged.
 */
class Http1ClientCodecTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new Http1ClientCodec(new HttpDecoderConfig()
            .setTrailersFactory(SmallTrailers.factory())));

    private void send(HttpMethod method) {
        channel.writeOutbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, "/"));
        ByteBuf written;
        while ((written = channel.readOutbound()) != null) {
            written.release();
        }
    }

    /** What the decoder made of {@code raw}: heads as they are, content as its text, "END" for each last piece. */
    private List<Object> receive(String raw) {
        channel.writeInbound(Unpooled.copiedBuffer(raw, StandardCharsets.ISO_8859_1));
        List<Object> decoded = new ArrayList<>();
        HttpObject msg;
        while ((msg = channel.readInbound()) != null) {
            assertThat(msg.decoderResult().isSuccess()).as("decoded %s", msg).isTrue();
            if (msg instanceof HttpResponse head) {
                decoded.add(head);
            }
            if (msg instanceof HttpContent content) {
                if (content.content().isReadable()) {
                    decoded.add(content.content().toString(StandardCharsets.ISO_8859_1));
                }
                if (content instanceof LastHttpContent) {
                    decoded.add("END");
                }
                ReferenceCountUtil.release(content);
            }
        }
        return decoded;
    }

    @Test
    void aResponseToHeadHasNoBodyAndTheNextResponseIsReadWhole() {
        send(HttpMethod.HEAD);
        send(HttpMethod.GET);
        List<Object> decoded = receive("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
        assertThat(decoded).hasSize(5);
        assertThat(decoded.get(1)).isEqualTo("END");
        assertThat(decoded.subList(3, 5)).containsExactly("hello", "END");
    }

    @Test
    void anInterimResponseAnswersNoRequest() {
        send(HttpMethod.HEAD);
        List<Object> decoded = receive("HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n");
        assertThat(decoded).filteredOn(HttpResponse.class::isInstance)
                .extracting(head -> ((HttpResponse) head).status().code()).containsExactly(100, 103, 200);
        assertThat(decoded).as("the HEAD's 200 carries no body").doesNotContain("hello");
        send(HttpMethod.GET);
        assertThat(receive("HTTP/1.1 204 No Content\r\n\r\n")).hasSize(2);
        send(HttpMethod.GET);
        assertThat(receive("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")).contains("ok");
    }

    @Test
    void namesAndStatusWordsAreKeptAsTheOriginSpeltThem() {
        send(HttpMethod.GET);
        List<Object> decoded = receive("HTTP/1.1 299 Quite Fine\r\nCONTENT-TYPE: text/plain\r\n"
                + "ETag: \"x\"\r\nX-Custom: 1\r\nContent-Length: 0\r\n\r\n");
        HttpResponse head = (HttpResponse) decoded.getFirst();
        assertThat(head.status().code()).isEqualTo(299);
        assertThat(head.status().reasonPhrase()).isEqualTo("Quite Fine");
        List<String> names = new ArrayList<>();
        head.headers().forEach(entry -> names.add(entry.getKey()));
        assertThat(names).containsExactly("CONTENT-TYPE", "ETag", "X-Custom", "Content-Length");
        send(HttpMethod.GET);
        HttpResponse second = (HttpResponse) receive("HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n").getFirst();
        assertThat(second.protocolVersion()).isEqualTo(HttpVersion.HTTP_1_0);
        assertThat(second.status().code()).isEqualTo(404);
        assertThat(second.status().reasonPhrase()).isEqualTo("Not Found");
    }

    @Test
    void trailersOfAChunkedResponseArriveWhole() {
        send(HttpMethod.GET);
        channel.writeInbound(Unpooled.copiedBuffer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "2\r\nok\r\n0\r\nX-Checksum: abc\r\nX-Other: 1\r\nX-Third: 3\r\n\r\n", StandardCharsets.ISO_8859_1));
        LastHttpContent last = null;
        HttpObject msg;
        while ((msg = channel.readInbound()) != null) {
            if (msg instanceof LastHttpContent end) {
                last = end;
            } else {
                ReferenceCountUtil.release(msg);
            }
        }
        assertThat(last).isNotNull();
        assertThat(last.trailingHeaders().get("x-checksum")).isEqualTo("abc");
        assertThat(last.trailingHeaders().names()).containsExactlyInAnyOrder("X-Checksum", "X-Other", "X-Third");
        last.release();
    }
}
