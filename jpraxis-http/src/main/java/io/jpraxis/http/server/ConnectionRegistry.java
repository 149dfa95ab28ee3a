package io.jpraxis.http.server;

import io.jpraxis.http.overload.OverloadGuard;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every open client connection of a gateway, for the connection caps and a graceful stop: when
 * draining, idle connections close at once and busy ones after their current response.
 */
final class ConnectionRegistry {
    /** Fired on each connection's pipeline when the gateway starts draining. */
    static final Object DRAIN = new Object() {
        @Override
        public String toString() {
            return "DRAIN";
        }
    };

    private final ChannelGroup channels = new DefaultChannelGroup("jpraxis-downstream", GlobalEventExecutor.INSTANCE);
    private final AtomicInteger open = new AtomicInteger();
    private final Integer maxConnections;
    private final OverloadGuard overload;
    private volatile boolean draining;

    /** @param maxConnections process-wide cap ({@code runtime.max_connections}), null for none */
    ConnectionRegistry(Integer maxConnections) {
        this(maxConnections, OverloadGuard.countingOnly(new SimpleMeterRegistry()));
    }

    /** @param overload what sheds new requests under memory or descriptor pressure and counts refusals */
    ConnectionRegistry(Integer maxConnections, OverloadGuard overload) {
        this.maxConnections = maxConnections;
        this.overload = overload;
    }

    OverloadGuard overload() {
        return overload;
    }

    /** Registers a connection; false when it exceeds the process-wide cap (it is still tracked). */
    boolean register(Channel channel) {
        channels.add(channel);
        overload.descriptorOpened();
        int now = open.incrementAndGet();
        channel.closeFuture().addListener(f -> open.decrementAndGet());
        if (draining) {
            // Accepted before the listener closed but active only after drain() went round: without
            // the signal an idle connection would hold the stop until its timeout. Sent later, so
            // the connection's handler has finished its own activation; a second DRAIN is harmless.
            signalDrain(channel);
        }
        return maxConnections == null || now <= maxConnections;
    }

    boolean draining() {
        return draining;
    }

    /** Stops keep-alive everywhere: idle connections close now, busy ones after their response. */
    void drain() {
        draining = true;
        for (Channel channel : channels) {
            signalDrain(channel);
        }
    }

    private static void signalDrain(Channel channel) {
        channel.eventLoop().execute(() -> channel.pipeline().fireUserEventTriggered(DRAIN));
    }

    int openConnections() {
        return channels.size();
    }

    /**
     * Closes what is left and returns once it is closed. The close goes straight to the transport:
     * through the pipeline an HTTP/2 codec would answer it with another graceful close that waits
     * for its open streams, so a never-ending stream would outlive the shutdown timeout.
     */
    void closeAll() {
        List<ChannelPromise> closes = new ArrayList<>();
        for (Channel channel : channels) {
            ChannelPromise closed = channel.newPromise();
            channel.eventLoop().execute(() -> channel.unsafe().close(closed));
            closes.add(closed);
        }
        closes.forEach(ChannelPromise::awaitUninterruptibly);
    }
}
