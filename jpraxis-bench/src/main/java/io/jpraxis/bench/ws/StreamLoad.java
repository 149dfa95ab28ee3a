package io.jpraxis.bench.ws;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler.ClientHandshakeStateEvent;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.ReferenceCountUtil;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The stream: one connection sends {@code totalBytes} as binary frames of {@code frameBytes}
 * while the connection is writable (so the client never buffers more than Netty's high-water
 * mark) and checks every echoed frame's sequence number and size. A frame's time from being
 * written to its echo coming back is recorded: a proxy that buffers shows as a growing figure.
 */
final class StreamLoad {
    private static final int SEQUENCE_BYTES = Long.BYTES;

    private final int frameBytes;
    private final int frames;
    private final long[] sentAt;
    private final ByteBuf body;
    private final Latencies latencies = new Latencies();
    private final CountDownLatch done = new CountDownLatch(1);
    private long startNanos;
    private long endNanos;
    private int received;
    private long connectErrors;
    private long readErrors;

    private StreamLoad(long totalBytes, int frameBytes) {
        if (frameBytes <= SEQUENCE_BYTES || totalBytes % frameBytes != 0
                || totalBytes / frameBytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("stream of " + totalBytes + " bytes in frames of " + frameBytes
                    + " (expected: a whole number of frames larger than 8 bytes)");
        }
        this.frameBytes = frameBytes;
        this.frames = (int) (totalBytes / frameBytes);
        this.sentAt = new long[frames];
        byte[] filler = new byte[frameBytes - SEQUENCE_BYTES];
        for (int i = 0; i < filler.length; i++) {
            filler[i] = (byte) (i * 31);
        }
        this.body = Unpooled.unreleasableBuffer(Unpooled.directBuffer(filler.length).writeBytes(filler));
    }

    /** Streams through {@code uri}, waiting at most {@code timeoutSeconds}, and returns the figures. */
    static WsResult run(URI uri, long totalBytes, int frameBytes, long timeoutSeconds) throws InterruptedException {
        StreamLoad load = new StreamLoad(totalBytes, frameBytes);
        boolean whole;
        try (WsConnector connector = new WsConnector(uri)) {
            connector.connect(() -> load.new Client()).addListener(f -> {
                if (!f.isSuccess()) {
                    load.connectErrors++;
                    load.done.countDown();
                }
            });
            whole = load.done.await(timeoutSeconds, TimeUnit.SECONDS);
        }
        long end = whole ? load.endNanos : System.nanoTime();
        long micros = load.startNanos == 0 ? 0 : (end - load.startNanos) / 1000;
        return new WsResult(load.received, micros, (long) load.received * frameBytes, load.connectErrors,
                load.readErrors, whole ? 0 : 1, load.latencies.percentileMicros(50),
                load.latencies.percentileMicros(90), load.latencies.percentileMicros(99),
                load.latencies.percentileMicros(100));
    }

    private final class Client extends ChannelInboundHandlerAdapter {
        private int nextSend;
        private boolean finished;

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
                startNanos = System.nanoTime();
                writeMore(ctx);
            } else if (event == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
                connectErrors++;
                finish(ctx);
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            writeMore(ctx);
            ctx.fireChannelWritabilityChanged();
        }

        private void writeMore(ChannelHandlerContext ctx) {
            if (startNanos == 0) {
                return; // writability can change before the upgrade completed
            }
            while (ctx.channel().isWritable() && nextSend < frames) {
                ByteBuf sequence = ctx.alloc().buffer(SEQUENCE_BYTES).writeLong(nextSend);
                sentAt[nextSend] = System.nanoTime();
                ctx.write(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(sequence, body.retainedDuplicate())));
                nextSend++;
            }
            ctx.flush();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (!(msg instanceof WebSocketFrame)) {
                    return;
                }
                if (!(msg instanceof BinaryWebSocketFrame frame) || frame.content().readableBytes() != frameBytes
                        || frame.content().getLong(frame.content().readerIndex()) != received) {
                    readErrors++;
                    finish(ctx);
                    return;
                }
                latencies.add(System.nanoTime() - sentAt[received]);
                received++;
            } finally {
                ReferenceCountUtil.release(msg);
            }
            if (received == frames) {
                endNanos = System.nanoTime();
                ctx.writeAndFlush(new CloseWebSocketFrame());
                finish(ctx);
            }
        }

        private void finish(ChannelHandlerContext ctx) {
            if (!finished) {
                finished = true;
                done.countDown();
                ctx.close();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (!finished) {
                readErrors++;
            }
            finish(ctx);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (startNanos == 0) {
                connectErrors++;
            } else {
                readErrors++;
            }
            finish(ctx);
        }
    }
}
