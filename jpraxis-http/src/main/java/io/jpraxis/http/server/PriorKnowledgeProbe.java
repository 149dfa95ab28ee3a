package io.jpraxis.http.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http2.Http2CodecUtil;
import java.util.List;
import java.util.function.Consumer;

/**
 * Tells HTTP/2 with prior knowledge (RFC 9113 3.3: the client opens with the connection preface)
 * from HTTP/1.1 on a cleartext listener, by the first 24 bytes. On HTTP/2 the HTTP/1 handlers in
 * front of the connection handlers make way for {@link Http2Setup}'s; otherwise the probe leaves and
 * the bytes go on to the HTTP/1 decoder.
 */
final class PriorKnowledgeProbe extends ByteToMessageDecoder {
    private static final ByteBuf PREFACE = Http2CodecUtil.connectionPrefaceBuf();

    private final Consumer<ChannelPipeline> installHttp2;
    private final String[] http1Handlers;

    /**
     * @param installHttp2 adds the HTTP/2 handlers where the HTTP/1 ones were
     * @param http1Handlers names of the HTTP/1-only handlers to remove on HTTP/2
     */
    PriorKnowledgeProbe(Consumer<ChannelPipeline> installHttp2, String... http1Handlers) {
        this.installHttp2 = installHttp2;
        this.http1Handlers = http1Handlers.clone();
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int length = Math.min(in.readableBytes(), PREFACE.readableBytes());
        if (!ByteBufUtil.equals(PREFACE, PREFACE.readerIndex(), in, in.readerIndex(), length)) {
            ctx.pipeline().remove(this); // HTTP/1: the bytes read so far go on to the decoder
            return;
        }
        if (length < PREFACE.readableBytes()) {
            return; // a prefix of the preface: wait for more (the decoder asks for the next read)
        }
        for (String name : http1Handlers) {
            ctx.pipeline().remove(name);
        }
        installHttp2.accept(ctx.pipeline());
        ctx.pipeline().remove(this); // the preface bytes go on to the frame codec, which checks them
    }
}
