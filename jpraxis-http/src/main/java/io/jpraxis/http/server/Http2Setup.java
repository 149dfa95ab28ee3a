package io.jpraxis.http.server;

import io.jpraxis.http.exchange.RequestChecks;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;

/**
 * The handlers that serve a client connection as HTTP/2: a frame codec and a multiplexer whose
 * per-stream child channels run {@link Http2StreamHandler}. Used for h2c by prior knowledge, for
 * h2c by {@code Upgrade}, and later for {@code h2} chosen by ALPN on a TLS listener.
 */
final class Http2Setup {
    /** Concurrent streams a client may open on one connection (RFC 9113 6.5.2). */
    static final int MAX_CONCURRENT_STREAMS = 128;
    /**
     * Receive window of the whole connection. Each stream's own window stays at the protocol's 64 KiB,
     * so one slow upstream holds back only its stream; this bounds what a connection buffers in all.
     */
    static final int CONNECTION_WINDOW_BYTES = 1024 * 1024;
    /** How long a closing connection waits for its open streams. */
    static final long GRACEFUL_CLOSE_MS = 30_000;
    /** Fired on the connection's pipeline once it speaks HTTP/2. */
    static final Object STARTED = new Object() {
        @Override
        public String toString() {
            return "HTTP2_STARTED";
        }
    };

    private final Http2StreamInitializer streams;

    Http2Setup(Http2StreamInitializer streams) {
        this.streams = streams;
    }

    /** A fresh frame codec for one connection, with the gateway's limits in its SETTINGS. */
    Http2FrameCodec newFrameCodec() {
        Http2Settings settings = Http2Settings.defaultSettings()
                .maxConcurrentStreams(MAX_CONCURRENT_STREAMS)
                // The same header block cap as HTTP/1 (see
                // docs/behaviour/limits.md#the-limits-table); HPACK decoding enforces it.
                .maxHeaderListSize(RequestChecks.MAX_HEADER_BLOCK_BYTES);
        return new Http2EdgeCodec.Builder().initialSettings(settings).validateHeaders(true)
                // Closing sends GOAWAY and lets open streams finish (the frame codec's default is to
                // close at once); a gateway stop still ends them after shutdown_timeout_secs.
                .gracefulShutdownTimeoutMillis(GRACEFUL_CLOSE_MS)
                .build();
    }

    /** The handlers after the frame codec, in order. */
    ChannelHandler[] afterCodec() {
        return new ChannelHandler[] {new Http2MultiplexHandler(streams), new Started()};
    }

    /** Whether the HTTP/2 connection of {@code pipeline} has streams open (a long response is not idleness). */
    static boolean hasOpenStreams(ChannelPipeline pipeline) {
        Http2FrameCodec codec = pipeline.get(Http2FrameCodec.class);
        return codec != null && codec.connection().numActiveStreams() > 0;
    }

    /** Widens the connection window, tells the connection handler, then leaves. */
    private static final class Started extends ChannelInboundHandlerAdapter {
        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            // Runs after the codec sent its SETTINGS preface; a frame without stream is the connection's.
            ctx.writeAndFlush(new DefaultHttp2WindowUpdateFrame(
                    CONNECTION_WINDOW_BYTES - Http2CodecUtil.DEFAULT_WINDOW_SIZE));
            ctx.fireUserEventTriggered(STARTED);
            ctx.pipeline().remove(this);
        }
    }
}
