package io.jpraxis.http.server;

import io.jpraxis.http.exchange.ListenerContext;
import io.jpraxis.http.exchange.RequestChecks;
import io.jpraxis.http.server.tls.ListenerTls;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;

/**
 * Builds the pipeline of one accepted client connection. A cleartext listener serves HTTP/1.1,
 * HTTP/2 by prior knowledge and HTTP/2 by {@code Upgrade: h2c} on the same port:
 *
 * <pre>
 * h2c-probe -> http1-codec -> h2c-upgrade -> connection
 *   prior knowledge: h2c-probe becomes the HTTP/2 frame codec + stream multiplexer
 *   Upgrade: h2c:    http1-codec and h2c-upgrade become the same
 * </pre>
 *
 * A TLS listener (see docs/behaviour/tls-connections.md) lets ALPN choose instead:
 *
 * <pre>
 * tls (SNI selection, then the SslHandler) -> tls-observer -> alpn -> connection
 *   h2:                  alpn becomes the HTTP/2 frame codec + stream multiplexer
 *   http/1.1 or no ALPN: alpn becomes http1-codec (no h2c upgrade over TLS)
 * </pre>
 */
final class DownstreamInitializer extends ChannelInitializer<Channel> {
    static final int MAX_CHUNK_BYTES = 64 * 1024;
    /** The connection handler; protocol handlers go in front of it. */
    private static final String CONNECTION = "connection";

    private final ListenerContext listener;
    private final ConnectionRegistry registry;
    private final ConnectionGate gate;
    private final long idleTimeoutMs;
    private final long headerReadTimeoutMs;
    private final Http2Setup http2;
    /** Null on a cleartext listener. */
    private final ListenerTls tls;

    DownstreamInitializer(ListenerContext listener, ConnectionRegistry registry, ConnectionGate gate, long idleTimeoutMs,
            long headerReadTimeoutMs) {
        this(listener, registry, gate, idleTimeoutMs, headerReadTimeoutMs, null);
    }

    /** @param tls the listener's TLS material; null for cleartext */
    DownstreamInitializer(ListenerContext listener, ConnectionRegistry registry, ConnectionGate gate, long idleTimeoutMs,
            long headerReadTimeoutMs, ListenerTls tls) {
        this.tls = tls;
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
        installConnection(pipeline);
        if (tls != null) {
            pipeline.addBefore(CONNECTION, "tls", tls.newHandler());
            pipeline.addBefore(CONNECTION, "tls-observer", tls.newObserver());
            pipeline.addBefore(CONNECTION, "alpn", new AlpnSwitch(this));
            return;
        }
        // Cleartext: the client's first bytes choose the protocol (TLS would let ALPN choose).
        pipeline.addBefore(CONNECTION, "h2c-probe", new PriorKnowledgeProbe(this::installHttp2, "http1-codec", "h2c-upgrade"));
        installHttp1(pipeline, true);
    }

    /** The HTTP/1.1 decoder and encoder, and on cleartext the handler of {@code Upgrade: h2c}, before "connection". */
    void installHttp1(ChannelPipeline pipeline, boolean h2cUpgrade) {
        Http1RequestCodec codec = new Http1RequestCodec(StrictRequestDecoder.strictConfig(
                RequestChecks.MAX_REQUEST_LINE_BYTES, RequestChecks.MAX_HEADER_BLOCK_BYTES, MAX_CHUNK_BYTES));
        pipeline.addBefore(CONNECTION, "http1-codec", codec);
        if (h2cUpgrade) {
            pipeline.addBefore(CONNECTION, "h2c-upgrade", new H2cUpgrade(codec, http2));
        }
    }

    /** The HTTP/2 frame codec and stream multiplexer, before "connection", for a connection known to speak HTTP/2. */
    void installHttp2(ChannelPipeline pipeline) {
        pipeline.addBefore(CONNECTION, "h2-codec", http2.newFrameCodec());
        ChannelHandler[] after = http2.afterCodec();
        for (int i = 0; i < after.length; i++) {
            pipeline.addBefore(CONNECTION, "h2-" + i, after[i]);
        }
    }

    /**
     * The handler every connection ends with: its accounting, timeouts and HTTP/1 exchanges. It
     * takes one decoded message per read, so the exchange pulls the body piece by piece
     * (backpressure) and pipelined requests wait their turn.
     */
    void installConnection(ChannelPipeline pipeline) {
        pipeline.addLast(CONNECTION, new Http1ServerHandler(listener, registry, gate, idleTimeoutMs,
                headerReadTimeoutMs, tls != null));
    }
}
