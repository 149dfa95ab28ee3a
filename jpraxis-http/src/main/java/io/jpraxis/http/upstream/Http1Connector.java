package io.jpraxis.http.upstream;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.support.SmallTrailers;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import io.netty.resolver.AddressResolverGroup;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HTTP/1.1 upstream connections with a keep-alive pool per event loop and endpoint. A connection
 * is opened on the event loop of the downstream connection that needs it and only ever used
 * there, so a proxied exchange never crosses threads. Clusters with a {@code tls} block get a TLS
 * handshake before the connection is handed out ({@link UpstreamTls}).
 */
public final class Http1Connector implements UpstreamConnector {
    private static final Logger log = LoggerFactory.getLogger(Http1Connector.class);
    /**
     * Response heads from origins get the same ceiling as request heads (see
     * docs/behaviour/limits.md#the-limits-table).
     */
    static final int MAX_HEADER_BYTES = 1_048_575;
    static final int MAX_CHUNK_BYTES = 64 * 1024;

    private final Class<? extends Channel> channelType;
    private final AddressResolverGroup<InetSocketAddress> resolver;
    private final int maxIdlePerEndpoint;
    private final WriteBufferWaterMark waterMark;
    private final PoolEvents metrics;
    private final ConcurrentMap<EventLoop, Http1LoopPool> pools = new ConcurrentHashMap<>();
    private final UpstreamTls tls;

    /**
     * @param maxIdlePerEndpoint {@code runtime.upstream_keepalive_pool_size}: idle connections kept
     *     per endpoint and event loop; null disables pooling
     */
    public Http1Connector(Class<? extends Channel> channelType, AddressResolverGroup<InetSocketAddress> resolver,
            Integer maxIdlePerEndpoint, WriteBufferWaterMark waterMark, PoolEvents metrics) {
        this(channelType, resolver, maxIdlePerEndpoint, waterMark, metrics, new UpstreamTls());
    }

    /** As the public constructor, sharing {@code tls} contexts with the HTTP/2 connector. */
    Http1Connector(Class<? extends Channel> channelType, AddressResolverGroup<InetSocketAddress> resolver,
            Integer maxIdlePerEndpoint, WriteBufferWaterMark waterMark, PoolEvents metrics, UpstreamTls tls) {
        this.tls = tls;
        this.channelType = channelType;
        this.resolver = resolver;
        this.maxIdlePerEndpoint = maxIdlePerEndpoint == null ? 0 : maxIdlePerEndpoint;
        this.waterMark = waterMark;
        this.metrics = metrics;
    }

    @Override
    public void acquire(UpstreamTarget target, EventLoop loop, boolean fresh, AcquireCallback callback) {
        Http1LoopPool pool = pool(loop);
        PoolKey key = PoolKey.of(target);
        if (!fresh) {
            Http1Connection pooled = pool.poll(key);
            if (pooled != null) {
                metrics.upstreamReuse();
                callback.onAcquired(pooled);
                return;
            }
        }
        connect(target, key, pool, callback);
    }

    private Http1LoopPool pool(EventLoop loop) {
        return pools.computeIfAbsent(loop, l -> new Http1LoopPool(l, maxIdlePerEndpoint, metrics));
    }

    /** A pooled idle connection for {@code key} on {@code loop}, or null; call on {@code loop}. */
    Http1Connection pollIdle(EventLoop loop, PoolKey key) {
        return pool(loop).poll(key);
    }

    /**
     * Makes an HTTP/1.1 connection of a channel already connected (and through TLS) on its loop: an
     * {@code auto} cluster's connection whose origin picked http/1.1 in ALPN. It is pooled as any other.
     */
    Http1Connection adopt(Channel channel, PoolKey key, UpstreamTimeouts timeouts) {
        Http1Connection conn = new Http1Connection(key, pool(channel.eventLoop()), timeouts);
        install(channel, conn);
        return conn;
    }

    private static void install(Channel ch, Http1Connection conn) {
        ch.pipeline().addLast("codec", new Http1ClientCodec(new HttpDecoderConfig()
                .setMaxHeaderSize(MAX_HEADER_BYTES)
                .setMaxChunkSize(MAX_CHUNK_BYTES)
                .setTrailersFactory(SmallTrailers.factory())));
        ch.pipeline().addLast("upstream", conn);
    }

    private void connect(UpstreamTarget target, PoolKey key, Http1LoopPool pool, AcquireCallback callback) {
        UpstreamTimeouts timeouts = UpstreamTimeouts.of(target.cluster());
        SslContext sslContext;
        try {
            sslContext = key.tls() == null ? null : tls.contextFor(target.cluster());
        } catch (IllegalStateException e) {
            // Normally caught at startup (prepareTls); a detached target meets it here.
            log.error("cannot build upstream TLS context: {}", e.getMessage());
            callback.onAcquireFailed(UpstreamFailure.TLS_HANDSHAKE_FAILED);
            return;
        }
        Http1Connection conn = new Http1Connection(key, pool, timeouts);
        long startedNanos = System.nanoTime();
        Bootstrap bootstrap = new Bootstrap()
                .group(pool.loop())
                .channel(channelType)
                .resolver(resolver)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeouts.connectMs()))
                // Reads are pulled by the exchange: that is how downstream backpressure reaches the origin.
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (sslContext != null) {
                            SslHandler handler = sslContext.newHandler(ch.alloc(),
                                    UpstreamTls.peerHost(key.tls(), target.endpoint()), key.port());
                            handler.setHandshakeTimeoutMillis(timeouts.setupMs()); // narrowed once TCP is up
                            ch.pipeline().addLast("tls", handler);
                        }
                        install(ch, conn);
                    }
                });
        ChannelFuture connected = bootstrap.connect(InetSocketAddress.createUnresolved(key.host(), key.port()));
        connected.addListener(f -> {
            if (!f.isSuccess()) {
                connectFailed(key, classify(f.cause()), f.cause(), callback);
                return;
            }
            SslHandler handler = connected.channel().pipeline().get(SslHandler.class);
            if (handler == null) {
                metrics.upstreamConnect();
                callback.onAcquired(conn);
                return;
            }
            // total_connection_timeout_ms covers TCP and TLS together (see
            // docs/behaviour/clusters.md#cluster-settings).
            handler.setHandshakeTimeoutMillis(timeouts.handshakeMs((System.nanoTime() - startedNanos) / 1_000_000));
            handler.handshakeFuture().addListener(h -> {
                if (h.isSuccess()) {
                    metrics.upstreamConnect();
                    callback.onAcquired(conn);
                } else {
                    conn.close();
                    connectFailed(key, classifyHandshake(h.cause()), h.cause(), callback);
                }
            });
        });
    }

    static void connectFailed(PoolKey key, UpstreamFailure failure, Throwable cause, AcquireCallback callback) {
        switch (failure) {
            case PRIVATE_ADDRESS_REFUSED -> log.warn("refused upstream for cluster {}: {}", key.cluster(), cause.getMessage());
            // A certificate the cluster does not trust is a configuration problem worth a warning.
            case TLS_HANDSHAKE_FAILED -> log.warn("TLS handshake with {}:{} for cluster {} failed: {}", key.host(),
                    key.port(), key.cluster(), cause.toString());
            default -> log.debug("connect to {}:{} for cluster {} failed: {}", key.host(), key.port(), key.cluster(),
                    failure, cause);
        }
        callback.onAcquireFailed(failure);
    }

    /**
     * Builds every TLS context the clusters need now, so unreadable certificate files stop startup
     * instead of failing requests.
     *
     * @throws IllegalStateException naming the first cluster whose TLS block cannot be used
     */
    public void prepareTls(Collection<ClusterConfig> clusters) {
        for (ClusterConfig cluster : clusters) {
            if (cluster.tls() != null) {
                tls.contextFor(cluster);
            }
        }
    }

    /**
     * Drops the TLS contexts no cluster of {@code clusters} uses (after a reload), so changing a
     * {@code tls} block again and again does not accumulate contexts. A request of a retired
     * config that still needs a dropped one rebuilds it.
     */
    public void retainTls(Collection<ClusterConfig> clusters) {
        tls.retain(clusters.stream().map(ClusterConfig::tls).filter(Objects::nonNull).collect(Collectors.toSet()));
    }

    static UpstreamFailure classifyHandshake(Throwable cause) {
        return cause instanceof SslHandshakeTimeoutException
                ? UpstreamFailure.CONNECT_TIMEOUT : UpstreamFailure.TLS_HANDSHAKE_FAILED;
    }

    static UpstreamFailure classify(Throwable cause) {
        if (cause instanceof PrivateUpstreamGuard.PrivateUpstreamException) {
            return UpstreamFailure.PRIVATE_ADDRESS_REFUSED;
        }
        if (cause instanceof ConnectTimeoutException) {
            return UpstreamFailure.CONNECT_TIMEOUT;
        }
        if (cause instanceof ConnectException) {
            return UpstreamFailure.CONNECT_REFUSED;
        }
        return UpstreamFailure.CONNECT_FAILED;
    }

    /** Idle connections on {@code loop} (for tests and diagnostics); call on that loop. */
    int idleConnections(EventLoop loop) {
        Http1LoopPool pool = pools.get(loop);
        return pool == null ? 0 : pool.idleCount();
    }

    /** Idle pooled connections over every event loop; safe from any thread (a gauge's view). */
    public int idleConnections() {
        int sum = 0;
        for (Http1LoopPool pool : pools.values()) {
            sum += pool.idleCount();
        }
        return sum;
    }

    @Override
    public void close() {
        for (Http1LoopPool pool : pools.values()) {
            if (!pool.loop().isShuttingDown()) {
                pool.loop().execute(pool::closeAll);
            }
        }
    }
}
