package io.jpraxis.http.server;

import io.netty.channel.Channel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
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
    private volatile boolean draining;

    /** @param maxConnections process-wide cap ({@code runtime.max_connections}), null for none */
    ConnectionRegistry(Integer maxConnections) {
        this.maxConnections = maxConnections;
    }

    /** Registers a connection; false when it exceeds the process-wide cap (it is still tracked). */
    boolean register(Channel channel) {
        channels.add(channel);
        int now = open.incrementAndGet();
        channel.closeFuture().addListener(f -> open.decrementAndGet());
        return maxConnections == null || now <= maxConnections;
    }

    boolean draining() {
        return draining;
    }

    /** Stops keep-alive everywhere: idle connections close now, busy ones after their response. */
    void drain() {
        draining = true;
        for (Channel channel : channels) {
            channel.eventLoop().execute(() -> channel.pipeline().fireUserEventTriggered(DRAIN));
        }
    }

    int openConnections() {
        return channels.size();
    }

    /** Closes what is left; returns when every close was issued. */
    void closeAll() {
        channels.close().awaitUninterruptibly();
    }
}
