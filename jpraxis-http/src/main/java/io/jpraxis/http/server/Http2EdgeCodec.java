package io.jpraxis.http.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Settings;
import java.util.concurrent.TimeUnit;

/**
 * Netty's HTTP/2 frame codec, except for the GOAWAY that answers a connection error. Netty names
 * stream 2^31-1 as the last one processed on a hard error (it cannot tell whether a header-block
 * failure came before its stream was created), which tells the client nothing about which of its
 * streams it may retry. Here the GOAWAY carries the error's code and the last stream the
 * connection created (RFC 9113 6.8: a stream whose HEADERS failed to decode was not processed),
 * and no debug data, since the codec's messages describe our internals, not the client's error.
 */
final class Http2EdgeCodec extends Http2FrameCodec {
    /** How long the connection waits for the GOAWAY to be written before it closes anyway. */
    private static final long GOAWAY_WRITE_MS = 5_000;

    private Http2EdgeCodec(Http2ConnectionEncoder encoder, Http2ConnectionDecoder decoder, Http2Settings settings,
            boolean decoupleCloseAndGoAway, boolean flushPreface) {
        super(encoder, decoder, settings, decoupleCloseAndGoAway, flushPreface);
    }

    @Override
    protected void onConnectionError(ChannelHandlerContext ctx, boolean outbound, Throwable cause,
            Http2Exception http2Ex) {
        if (http2Ex == null || http2Ex.shutdownHint() != Http2Exception.ShutdownHint.HARD_SHUTDOWN) {
            super.onConnectionError(ctx, outbound, cause, http2Ex); // graceful: Netty already names the last stream
            return;
        }
        if (!outbound) {
            ctx.fireExceptionCaught(cause); // counted and logged by Http2ConnectionKeeper, which leaves the close here
        }
        goAway(ctx, connection().remote().lastStreamCreated(), http2Ex.error().code(), Unpooled.EMPTY_BUFFER,
                ctx.newPromise()).addListener(ChannelFutureListener.CLOSE);
        ctx.flush();
        // A client that reads nothing could hold the GOAWAY write, and the connection, for ever.
        ctx.executor().schedule(() -> ctx.close(), GOAWAY_WRITE_MS, TimeUnit.MILLISECONDS);
    }

    /** Builds {@link Http2EdgeCodec}s for the server side. */
    static final class Builder extends Http2FrameCodecBuilder {
        Builder() {
            server(true);
        }

        @Override
        protected Http2FrameCodec build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder,
                Http2Settings initialSettings) {
            Http2EdgeCodec codec = new Http2EdgeCodec(encoder, decoder, initialSettings, decoupleCloseAndGoAway(),
                    flushPreface());
            codec.gracefulShutdownTimeoutMillis(gracefulShutdownTimeoutMillis());
            return codec;
        }
    }
}
