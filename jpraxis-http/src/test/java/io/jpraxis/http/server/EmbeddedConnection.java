package io.jpraxis.http.server;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.generation.Generation;
import io.jpraxis.core.generation.GenerationSlot;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.exchange.ListenerContext;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.upstream.UpstreamConnector;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.random.RandomGenerator;

/** A client connection driven in memory: the real server pipeline on an {@link EmbeddedChannel}. */
final class EmbeddedConnection implements AutoCloseable {
    final EmbeddedChannel server;
    final ConnectionRegistry registry = new ConnectionRegistry(null);
    private final EmbeddedChannel responses = new EmbeddedChannel(new HttpResponseDecoder(), new HttpObjectAggregator(1 << 20));

    EmbeddedConnection(UpstreamConnector connector, BodyLimits limits, HttpFilter... filters) throws Exception {
        TestGateway.Builder builder = TestGateway.builder().bodyLimits(limits.maxRequestBytes(), limits.maxResponseBytes());
        for (HttpFilter f : filters) {
            builder.filter(f);
        }
        GenerationSlot generations = new GenerationSlot(new Generation(builder.compile(), null));
        RuntimeServices services = new RuntimeServices(Clock.systemUTC(), RandomGenerator.of("L64X128MixRandom"),
                IdGenerator.sequential("req"));
        ListenerContext context = new ListenerContext("main", generations, services, connector, new EdgeMetrics(),
                ListenerContext.DEFAULT_REQUEST_BODY_TIMEOUT_MS);
        server = new EmbeddedChannel(false, false);
        // As in production: nothing is read unless the handler asks (it takes one message per read).
        server.config().setAutoRead(false);
        server.pipeline().addLast(new DownstreamInitializer(context, registry, new ConnectionGate(null), 60_000,
                HttpGateway.DEFAULT_HEADER_READ_TIMEOUT_MS));
        server.register();
    }

    void send(String raw) {
        server.writeInbound(Unpooled.copiedBuffer(raw, StandardCharsets.ISO_8859_1));
        server.runPendingTasks();
    }

    /** The next complete response the server wrote, or null. */
    FullHttpResponse nextResponse() {
        ByteBuf out;
        while ((out = server.readOutbound()) != null) {
            responses.writeInbound(out);
        }
        return responses.readInbound();
    }

    /** Everything the server wrote so far, as text. */
    String rawOutput() {
        StringBuilder sb = new StringBuilder();
        ByteBuf out;
        while ((out = server.readOutbound()) != null) {
            sb.append(out.toString(StandardCharsets.ISO_8859_1));
            out.release();
        }
        return sb.toString();
    }

    @Override
    public void close() {
        server.finishAndReleaseAll();
        responses.finishAndReleaseAll();
    }
}
