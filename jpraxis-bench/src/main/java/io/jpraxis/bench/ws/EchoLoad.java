package io.jpraxis.bench.ws;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler.ClientHandshakeStateEvent;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.ReferenceCountUtil;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The echo round trip: {@code connections} connections, each with one binary message of {@code
 * messageBytes} in flight, the next sent as soon as the echo is back. Round trips that end in the
 * measured window are timed and counted; the window opens after the warm-up, which starts once
 * every connection has upgraded, so slow connecting on a loaded machine does not eat into it.
 * Every connection lives on one client event loop, so the recorder needs no locking.
 */
final class EchoLoad {
    private final ByteBuf message;
    private final int connections;
    private final long warmupNanos;
    private final long windowNanos;
    /** Set when every connection has upgraded (or failed to): the warm-up counts from then. */
    private long warmupEndNanos = Long.MAX_VALUE;
    private long endNanos = Long.MAX_VALUE;
    private int settled;
    private final Latencies latencies = new Latencies();
    private final CountDownLatch done;
    private long connectErrors;
    private long readErrors;

    private EchoLoad(int connections, int messageBytes, int seconds, int warmupSeconds) {
        byte[] bytes = new byte[messageBytes];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) ('a' + i % 26);
        }
        this.message = Unpooled.unreleasableBuffer(Unpooled.directBuffer(messageBytes).writeBytes(bytes));
        this.connections = connections;
        this.warmupNanos = TimeUnit.SECONDS.toNanos(warmupSeconds);
        this.windowNanos = TimeUnit.SECONDS.toNanos(seconds);
        this.done = new CountDownLatch(connections);
    }

    /** Runs the load against {@code uri} and returns its figures. */
    static WsResult run(URI uri, int connections, int seconds, int warmupSeconds, int messageBytes)
            throws InterruptedException {
        EchoLoad load = new EchoLoad(connections, messageBytes, seconds, warmupSeconds);
        // The figures are read after the client's event loop stopped, so nothing moves under them.
        try (WsConnector connector = new WsConnector(uri)) {
            for (int i = 0; i < connections; i++) {
                connector.connect(() -> load.new Client()).addListener(f -> {
                    if (!f.isSuccess()) {
                        load.connectErrors++;
                        load.settle();
                        load.done.countDown();
                    }
                });
            }
            // Connecting may take a while on a loaded machine; the run itself is bounded.
            long limit = TimeUnit.SECONDS.toNanos(30) + load.warmupNanos + load.windowNanos;
            if (!load.done.await(limit, TimeUnit.NANOSECONDS)) {
                load.readErrors += load.done.getCount(); // connections still waiting for an echo
            }
        }
        return load.result();
    }

    /** One more connection upgraded or failed; with the last, the warm-up and window are fixed. */
    private void settle() {
        if (++settled == connections) {
            warmupEndNanos = System.nanoTime() + warmupNanos;
            endNanos = warmupEndNanos + windowNanos;
        }
    }

    private WsResult result() {
        long requests = latencies.size();
        return new WsResult(requests, windowNanos / 1000, requests * message.readableBytes(), connectErrors,
                readErrors, 0, latencies.percentileMicros(50), latencies.percentileMicros(90),
                latencies.percentileMicros(99), latencies.percentileMicros(100));
    }

    /** One connection's loop of send, wait for the echo, time it, send again. */
    private final class Client extends ChannelInboundHandlerAdapter {
        private long sentAt;
        private boolean upgraded;
        private boolean finished;

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
                upgraded = true;
                settle();
                send(ctx);
            } else if (event == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
                fail(ctx, true);
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            long now = System.nanoTime();
            try {
                if (!(msg instanceof BinaryWebSocketFrame frame)
                        || frame.content().readableBytes() != message.readableBytes()) {
                    if (msg instanceof WebSocketFrame) {
                        fail(ctx, false);
                    }
                    return;
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
            if (now > warmupEndNanos && now <= endNanos) {
                latencies.add(now - sentAt);
            }
            if (now < endNanos) {
                send(ctx);
            } else {
                finish(ctx);
            }
        }

        private void send(ChannelHandlerContext ctx) {
            sentAt = System.nanoTime();
            ctx.writeAndFlush(new BinaryWebSocketFrame(message.retainedDuplicate()));
        }

        private void finish(ChannelHandlerContext ctx) {
            if (!finished) {
                finished = true;
                done.countDown();
                ctx.close();
            }
        }

        private void fail(ChannelHandlerContext ctx, boolean connecting) {
            if (!finished) {
                if (!upgraded) {
                    settle();
                }
                if (connecting) {
                    connectErrors++;
                } else {
                    readErrors++;
                }
            }
            finish(ctx);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            fail(ctx, false);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // A refused upgrade shows here (the handshaker's exception) before any frame was sent.
            fail(ctx, !upgraded);
        }
    }
}
