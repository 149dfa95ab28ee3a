package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The registry of client connections: caps and the drain signal of a graceful stop. */
class ConnectionRegistryTest {

    @Test
    void connectionRegisteredDuringADrainIsToldToDrainToo() {
        ConnectionRegistry registry = new ConnectionRegistry(null);
        List<Object> seen = new ArrayList<>();
        EmbeddedChannel early = channel(seen);
        registry.register(early);
        registry.drain();
        early.runPendingTasks();
        assertThat(seen).as("a connection open when the drain began").containsExactly(ConnectionRegistry.DRAIN);

        seen.clear();
        // Accepted before the listener closed, active only after the drain went round the connections.
        EmbeddedChannel late = channel(seen);
        registry.register(late);
        late.runPendingTasks();
        assertThat(seen).as("else an idle late connection would hold the stop until shutdown_timeout_secs")
                .containsExactly(ConnectionRegistry.DRAIN);
        early.finishAndReleaseAll();
        late.finishAndReleaseAll();
    }

    @Test
    void processCapCountsEveryOpenConnection() {
        ConnectionRegistry registry = new ConnectionRegistry(1);
        EmbeddedChannel first = new EmbeddedChannel();
        EmbeddedChannel second = new EmbeddedChannel();
        assertThat(registry.register(first)).isTrue();
        assertThat(registry.register(second)).as("runtime.max_connections: 1").isFalse();
        first.close().syncUninterruptibly();
        second.close().syncUninterruptibly();
        assertThat(registry.register(new EmbeddedChannel())).as("closed connections free their places").isTrue();
    }

    private static EmbeddedChannel channel(List<Object> seen) {
        return new EmbeddedChannel(new ChannelInboundHandlerAdapter() {
            @Override
            public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
                seen.add(event);
            }
        });
    }
}
