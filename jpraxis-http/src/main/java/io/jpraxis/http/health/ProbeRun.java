package io.jpraxis.http.health;

import io.jpraxis.core.upstream.Endpoint;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One probe of one endpoint: connect, let the probe kind exchange whatever it needs, and finish
 * exactly once, with a failure when the whole attempt outlives {@code timeout_ms}. Every callback
 * runs on the one event loop the probe was started on, so no field needs synchronisation.
 */
final class ProbeRun {
    private final EventLoop loop;
    private final Consumer<ProbeResult> done;
    private final long timeoutMs;
    private ScheduledFuture<?> deadline;
    private Channel channel;
    private boolean finished;

    private ProbeRun(EventLoop loop, long timeoutMs, Consumer<ProbeResult> done) {
        this.loop = loop;
        this.timeoutMs = timeoutMs;
        this.done = done;
    }

    /** What a probe kind does once connected. */
    interface Exchange {
        /** Adds the handlers the exchange needs; they call {@link ProbeRun#finish} when they know. */
        void initChannel(Channel channel, ProbeRun run);

        /** Starts the exchange on a freshly connected channel. */
        void connected(Channel channel, ProbeRun run);
    }

    /** Starts a probe of {@code endpoint} on {@code loop}; {@code done} gets its one result there. */
    static void start(EventLoop loop, Class<? extends Channel> channelType,
            AddressResolverGroup<InetSocketAddress> resolver, Endpoint endpoint, long timeoutMs, Exchange exchange,
            Consumer<ProbeResult> done) {
        ProbeRun run = new ProbeRun(loop, timeoutMs, done);
        loop.execute(() -> run.connect(channelType, resolver, endpoint, exchange));
    }

    private void connect(Class<? extends Channel> channelType, AddressResolverGroup<InetSocketAddress> resolver,
            Endpoint endpoint, Exchange exchange) {
        deadline = loop.schedule(() -> finish(new ProbeResult.Failed("timed out after " + timeoutMs + " ms")),
                timeoutMs, TimeUnit.MILLISECONDS);
        Bootstrap bootstrap = new Bootstrap()
                .group(loop)
                .channel(channelType)
                .resolver(resolver)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeoutMs))
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        exchange.initChannel(ch, ProbeRun.this);
                    }
                });
        ChannelFuture connecting = bootstrap.connect(InetSocketAddress.createUnresolved(endpoint.host(),
                endpoint.port()));
        channel = connecting.channel();
        connecting.addListener(f -> {
            if (!f.isSuccess()) {
                finish(new ProbeResult.Failed("connect failed: " + describe(f.cause())));
            } else if (!finished) {
                exchange.connected(connecting.channel(), this);
            }
        });
    }

    /** Records the result unless one was recorded already, and closes the connection. */
    void finish(ProbeResult result) {
        if (finished) {
            return;
        }
        finished = true;
        if (deadline != null) {
            deadline.cancel(false);
        }
        if (channel != null) {
            channel.close();
        }
        done.accept(result);
    }

    static String describe(Throwable cause) {
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : " (" + message + ")");
    }
}
