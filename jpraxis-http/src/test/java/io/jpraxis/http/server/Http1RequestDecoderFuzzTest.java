package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.jpraxis.http.exchange.RequestChecks;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The server's HTTP/1 request decoder, as the edge installs it, on any bytes in any read sizes:
 * no exception leaves the pipeline, every buffer (the reads and every decoded piece) is released,
 * and the messages are the same whether the bytes come in one read or in the fuzzed pieces, so no
 * read boundary changes how a connection is framed. Input: up to eight piece sizes from the end
 * of the data, the bytes from the front.
 */
class Http1RequestDecoderFuzzTest {

    @FuzzTest
    void anyBytesDecodeTheSameWhateverTheReadsAndLeakNothing(FuzzedDataProvider data) {
        int[] pieces = new int[data.consumeInt(0, 8)];
        for (int i = 0; i < pieces.length; i++) {
            pieces[i] = data.consumeInt(1, 64);
        }
        byte[] bytes = data.consumeRemainingAsBytes();

        List<String> whole = decode(bytes, new int[0]);
        List<String> split = decode(bytes, pieces);

        assertThat(split).as("messages decoded from reads of %s bytes", Arrays.toString(pieces)).isEqualTo(whole);
    }

    /** The messages decoded from {@code bytes} read in {@code pieces} (then the rest), each as text. */
    private static List<String> decode(byte[] bytes, int[] pieces) {
        EmbeddedChannel channel = new EmbeddedChannel(new Http1RequestCodec(StrictRequestDecoder.strictConfig(
                RequestChecks.MAX_REQUEST_LINE_BYTES, RequestChecks.MAX_HEADER_BLOCK_BYTES,
                DownstreamInitializer.MAX_CHUNK_BYTES)));
        List<ByteBuf> reads = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        StringBuilder content = new StringBuilder();
        int offset = 0;
        for (int i = 0; offset < bytes.length; i++) {
            int size = i < pieces.length ? Math.min(pieces[i], bytes.length - offset) : bytes.length - offset;
            ByteBuf read = Unpooled.copiedBuffer(bytes, offset, size);
            reads.add(read);
            channel.writeInbound(read); // rethrows whatever a handler threw
            offset += size;
            drain(channel, messages, content);
        }
        channel.finish();
        drain(channel, messages, content);
        if (!content.isEmpty()) {
            messages.add("content " + content);
        }
        for (ByteBuf read : reads) {
            assertThat(read.refCnt()).as("a read buffer left unreleased by the decoder").isZero();
        }
        return messages;
    }

    /** Content is joined across pieces (their sizes follow the reads); heads and ends are kept as they are. */
    private static void drain(EmbeddedChannel channel, List<String> messages, StringBuilder content) {
        Object msg;
        while ((msg = channel.readInbound()) != null) {
            try {
                if (msg instanceof HttpRequest head) {
                    if (head.decoderResult().isFailure()) {
                        // Netty refuses a head it had not begun as a FullHttpRequest, one it had begun
                        // as the head alone: the shape differs by read boundary, the refusal does not.
                        messages.add("refused head");
                        continue;
                    }
                    messages.add("head " + head.method() + " " + head.uri() + " " + head.protocolVersion() + " " + head.headers());
                }
                if (msg instanceof HttpContent piece) {
                    content.append(piece.content().toString(java.nio.charset.StandardCharsets.ISO_8859_1));
                }
                if (msg instanceof LastHttpContent last) {
                    messages.add("content " + content + (last.decoderResult().isSuccess() ? "" : " refused")
                            + " trailers " + last.trailingHeaders());
                    content.setLength(0);
                }
            } finally {
                // A piece may be a slice of the decoder's buffer, so its own count says nothing: the
                // reads' counts, checked once the channel is closed, show whether everything was let go.
                ReferenceCountUtil.release(msg);
            }
        }
    }
}
