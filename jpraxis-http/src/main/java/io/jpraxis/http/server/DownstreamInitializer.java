package io.jpraxis.http.server;

import io.jpraxis.http.exchange.ListenerContext;
import io.jpraxis.http.exchange.RequestChecks;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.flow.FlowControlHandler;

/**
 * Builds the pipeline of one accepted client connection. A cleartext listener serves HTTP/1.1,
 * HTTP/2 by prior knowledge and HTTP/2 by {@code Upgrade: h2c} on the same port:
 *
 * <pre>
 * h2c-probe -> http1-codec -> h2c-upgrade -> flow -> connection
 *   prior knowledge: h2c-probe becomes the HTTP/2 frame codec + stream multiplexer
 *   Upgrade: h2c:    http1-codec and h2c-upgrade become the same
 * </pre>
 *
 * Listener TLS (a later issue) goes in {@link #initChannel}: an {@code SslHandler} first, then ALPN
 * picks {@code h2} ({@link Http2Setup}'s handlers in place of the probe and HTTP/1 handlers) or
 * {@code http/1.1} (the HTTP/1 handlers without probe and upgrade).
 */
final class DownstreamInitializer extends ChannelInitializer<Channel> {
    /** Request lines beyond this are refused; the header-block cap of spec 8 applies to the rest. */
    static final int MAX_REQUEST_LINE_BYTES = 64 * 1024;
    static final int MAX_CHUNK_BYTES = 64 * 1024;

    private final ListenerContext listener;
    private final ConnectionRegistry registry;
    private final ConnectionGate gate;
    private final long idleTimeoutMs;
    private final long headerReadTimeoutMs;
    private final Http2Setup http2;

    DownstreamInitializer(ListenerContext listener, ConnectionRegistry registry, ConnectionGate gate, long idleTimeoutMs,
            long headerReadTimeoutMs) {
        this.listener = listener;
        this.registry = registry;
        this.gate = gate;
        this.idleTimeoutMs = idleTimeoutMs;
        this.headerReadTimeoutMs = headerReadTimeoutMs;
        this.http2 = new Http2Setup(new Http2StreamInitializer(listener, registry));
    }

    @Override
    protected void initChannel(Channel ch) {
        ChannelPipeline pipeline = ch.pipeline();
        // TLS slot: an SslHandler and an ALPN handler go here when listeners get TLS.
        Http1RequestCodec codec = new Http1RequestCodec(StrictRequestDecoder.strictConfig(
                MAX_REQUEST_LINE_BYTES, RequestChecks.MAX_HEADER_BLOCK_BYTES, MAX_CHUNK_BYTES));
        pipeline.addLast("h2c-probe", new PriorKnowledgeProbe(http2, "http1-codec", "h2c-upgrade"));
        pipeline.addLast("http1-codec", codec);
        pipeline.addLast("h2c-upgrade", new H2cUpgrade(codec, http2));
        // One decoded message per read(): the exchange pulls the body piece by piece (backpressure)
        // and pipelined requests wait in the decoder's queue instead of piling up in the handler.
        pipeline.addLast("flow", new FlowControlHandler());
        pipeline.addLast("connection", new Http1ServerHandler(listener, registry, gate, idleTimeoutMs,
                headerReadTimeoutMs));
    }
}
