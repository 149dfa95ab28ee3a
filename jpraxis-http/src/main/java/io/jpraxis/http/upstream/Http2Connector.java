package io.jpraxis.http.upstream;

import io.jpraxis.config.model.ClusterHttpConfig.HttpVersion;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.upstream.UpstreamConnector.AcquireCallback;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.resolver.AddressResolverGroup;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams of multiplexed HTTP/2 connections, per event loop and endpoint (see
 * docs/behaviour/upstream-http2.md#the-connection-pool): h2c by prior knowledge in cleartext, ALPN
 * {@code h2} over TLS. For an {@code auto} cluster the TLS handshake offers h2 and http/1.1, and a
 * connection the origin answers with http/1.1 becomes an {@link Http1Connection} of the HTTP/1.1
 * connector's pool.
 */
final class Http2Connector {
    private static final Logger log = LoggerFactory.getLogger(Http2Connector.class);
    /** ALPN's answer when the origin picked nothing (the negotiation handler's fallback). */
    private static final String NOTHING_PICKED = "";
    private static final DropTe DROP_TE = new DropTe();

    private final Class<? extends Channel> channelType;
    private final AddressResolverGroup<InetSocketAddress> resolver;
    private final WriteBufferWaterMark waterMark;
    private final PoolEvents metrics;
    private final UpstreamTls tls;
    private final Http1Connector http1;
    private final ConcurrentMap<EventLoop, Http2LoopPool> pools = new ConcurrentHashMap<>();

    Http2Connector(Class<? extends Channel> channelType, AddressResolverGroup<InetSocketAddress> resolver,
            WriteBufferWaterMark waterMark, PoolEvents metrics, UpstreamTls tls, Http1Connector http1) {
        this.channelType = channelType;
        this.resolver = resolver;
        this.waterMark = waterMark;
        this.metrics = metrics;
        this.tls = tls;
        this.http1 = http1;
    }

    /**
     * A stream on a connection with room, else a place in the queue of a connection being made, else
     * a new connection. {@code fresh} (a retry) skips the connections already taking streams.
     */
    void acquire(UpstreamTarget target, EventLoop loop, boolean fresh, AcquireCallback callback) {
        Http2LoopPool pool = pools.computeIfAbsent(loop, Http2LoopPool::new);
        PoolKey key = PoolKey.of(target);
        boolean auto = UpstreamVersion.of(target.cluster()) == HttpVersion.AUTO;
        if (!fresh) {
            Http2Connection ready = pool.withRoom(key);
            if (ready != null) {
                ready.openStream(callback);
                return;
            }
            if (auto) {
                Http1Connection idle = http1.pollIdle(loop, key);
                if (idle != null) {
                    metrics.upstreamReuse();
                    callback.onAcquired(idle);
                    return;
                }
            }
        }
        Http2Connection connecting = pool.connecting(key);
        if (connecting == null) {
            connecting = new Http2Connection(key, pool, UpstreamTimeouts.of(target.cluster()), metrics,
                    (t, c) -> acquire(t, loop, false, c));
            pool.addConnecting(connecting);
            connecting.await(target, callback);
            connect(target, connecting, pool, auto);
        } else {
            connecting.await(target, callback);
        }
    }

    private void connect(UpstreamTarget target, Http2Connection conn, Http2LoopPool pool, boolean auto) {
        PoolKey key = conn.key();
        UpstreamTimeouts timeouts = conn.timeouts();
        SslContext sslContext;
        try {
            sslContext = key.tls() == null ? null : tls.contextFor(target.cluster());
        } catch (IllegalStateException e) {
            log.error("cannot build upstream TLS context: {}", e.getMessage());
            conn.connectFailed(UpstreamFailure.TLS_HANDSHAKE_FAILED);
            return;
        }
        long startedNanos = System.nanoTime();
        Bootstrap bootstrap = new Bootstrap()
                .group(pool.loop())
                .channel(channelType)
                .resolver(resolver)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeouts.connectMs()))
                // An HTTP/2 connection reads all the time (flow control paces each stream); a TLS one
                // may still turn out HTTP/1.1, whose reads the exchange pulls, so it starts paused.
                .option(ChannelOption.AUTO_READ, sslContext == null)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (sslContext == null) {
                            installHttp2(ch, conn);
                            return;
                        }
                        SslHandler handler = sslContext.newHandler(ch.alloc(),
                                UpstreamTls.peerHost(key.tls(), target.endpoint()), key.port());
                        handler.setHandshakeTimeoutMillis(timeouts.setupMs());
                        ch.pipeline().addLast("tls", handler);
                        ch.pipeline().addLast("alpn", new AlpnChoice(conn, auto));
                    }
                });
        ChannelFuture connected = bootstrap.connect(InetSocketAddress.createUnresolved(key.host(), key.port()));
        connected.addListener(f -> {
            if (!f.isSuccess()) {
                failConnect(conn, Http1Connector.classify(f.cause()), f.cause());
                return;
            }
            SslHandler handler = connected.channel().pipeline().get(SslHandler.class);
            if (handler == null) {
                return; // the connection is ready when the origin's SETTINGS arrive
            }
            handler.setHandshakeTimeoutMillis(timeouts.handshakeMs((System.nanoTime() - startedNanos) / 1_000_000));
            handler.handshakeFuture().addListener(h -> {
                if (!h.isSuccess()) {
                    connected.channel().close();
                    failConnect(conn, Http1Connector.classifyHandshake(h.cause()), h.cause());
                }
            });
        });
    }

    private static void failConnect(Http2Connection conn, UpstreamFailure failure, Throwable cause) {
        Http1Connector.connectFailed(conn.key(), failure, cause, new AcquireCallback() {
            @Override
            public void onAcquired(UpstreamStream stream) {
                throw new IllegalStateException("a failed connect hands out no stream");
            }

            @Override
            public void onAcquireFailed(UpstreamFailure f) {
                conn.connectFailed(f);
            }
        });
    }

    /** The frame codec, multiplexer and connection handler of an HTTP/2 connection. */
    private static void installHttp2(Channel ch, Http2Connection conn) {
        Http2FrameCodec codec = Http2FrameCodecBuilder.forClient()
                .initialSettings(Http2Settings.defaultSettings()
                        .pushEnabled(false) // the gateway has no use for pushed responses (RFC 9113 8.4)
                        .maxHeaderListSize(Http1Connector.MAX_HEADER_BYTES))
                .validateHeaders(true)
                .build();
        ch.pipeline().addLast("h2", codec);
        ch.pipeline().addLast("h2-streams", new Http2MultiplexHandler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel pushed) {
                pushed.close(); // push is disabled; a stream the origin opens anyway is refused
            }
        }));
        ch.pipeline().addLast("upstream", conn);
    }

    /** Decides, once TLS is up, what the connection speaks from the origin's ALPN choice. */
    private final class AlpnChoice extends ApplicationProtocolNegotiationHandler {
        private final Http2Connection conn;
        private final boolean auto;

        AlpnChoice(Http2Connection conn, boolean auto) {
            super(NOTHING_PICKED);
            this.conn = conn;
            this.auto = auto;
        }

        @Override
        protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
            if (UpstreamTls.H2.equals(protocol)) {
                installHttp2(ctx.channel(), conn);
                ctx.channel().config().setAutoRead(true);
            } else if (auto) {
                metrics.upstreamConnect();
                Http1Connection adopted = http1.adopt(ctx.channel(), conn.key(), conn.timeouts());
                ctx.pipeline().addLast("no-te", DROP_TE); // after the connection: it sees writes first
                conn.becameHttp1(adopted);
            } else {
                log.warn("upstream {}:{} for cluster {} did not pick h2 in ALPN (picked: {}); closing",
                        conn.key().host(), conn.key().port(), conn.key().cluster(),
                        protocol.isEmpty() ? "nothing" : protocol);
                conn.connectFailed(UpstreamFailure.H2_NOT_NEGOTIATED);
                ctx.close();
            }
        }

        @Override
        protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // the handshake future's listener reports it
        }
    }

    /** Ready HTTP/2 connections without an open stream, over every event loop. */
    int idleConnections() {
        int sum = 0;
        for (Http2LoopPool pool : pools.values()) {
            sum += pool.idleCount();
        }
        return sum;
    }

    void close() {
        for (Http2LoopPool pool : pools.values()) {
            if (!pool.loop().isShuttingDown()) {
                pool.loop().execute(pool::closeAll);
            }
        }
    }
}
