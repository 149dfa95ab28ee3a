package io.jpraxis.http.server;

import io.jpraxis.http.exchange.ListenerContext;
import io.jpraxis.http.exchange.RequestChecks;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.flow.FlowControlHandler;

/** Builds the pipeline of one accepted client connection. */
final class DownstreamInitializer extends ChannelInitializer<Channel> {
    /** Request lines beyond this are refused; the header-block cap of spec 8 applies to the rest. */
    static final int MAX_REQUEST_LINE_BYTES = 64 * 1024;
    static final int MAX_CHUNK_BYTES = 64 * 1024;

    private final ListenerContext listener;
    private final ConnectionRegistry registry;
    private final ConnectionGate gate;
    private final long idleTimeoutMs;

    DownstreamInitializer(ListenerContext listener, ConnectionRegistry registry, ConnectionGate gate, long idleTimeoutMs) {
        this.listener = listener;
        this.registry = registry;
        this.gate = gate;
        this.idleTimeoutMs = idleTimeoutMs;
    }

    @Override
    protected void initChannel(Channel ch) {
        HttpDecoderConfig decoder = new HttpDecoderConfig()
                .setMaxInitialLineLength(MAX_REQUEST_LINE_BYTES)
                .setMaxHeaderSize(RequestChecks.MAX_HEADER_BLOCK_BYTES)
                .setMaxChunkSize(MAX_CHUNK_BYTES);
        ch.pipeline().addLast("codec", new HttpServerCodec(decoder));
        // One decoded message per read(): the exchange pulls the body piece by piece (backpressure)
        // and pipelined requests wait in the decoder's queue instead of piling up in the handler.
        ch.pipeline().addLast("flow", new FlowControlHandler());
        ch.pipeline().addLast("http1", new Http1ServerHandler(listener, registry, gate, idleTimeoutMs));
    }
}
