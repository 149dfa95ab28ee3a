package io.jpraxis.http.upstream;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.resolver.AddressResolverGroup;
import java.net.InetSocketAddress;
import java.util.Collection;

/**
 * The gateway's upstream connector: each cluster's streams come from the HTTP/1.1 keep-alive pool
 * or the multiplexed HTTP/2 pool as its {@code http.version} says (see
 * docs/behaviour/upstream-http2.md#choosing-the-version); an {@code auto} cluster over TLS goes to
 * the HTTP/2 side, which hands out HTTP/1.1 connections where the origin picks http/1.1. Both share
 * the TLS contexts.
 */
public final class VersionedConnector implements UpstreamConnector {
    private final Class<? extends Channel> channelType;
    private final AddressResolverGroup<InetSocketAddress> resolver;
    private final WriteBufferWaterMark waterMark;
    private final PoolEvents metrics;
    private final UpstreamTls tls;
    private final Http1Connector http1;
    private final Http2Connector http2;

    /**
     * @param maxIdlePerEndpoint {@code runtime.upstream_keepalive_pool_size}: idle HTTP/1.1
     *     connections kept per endpoint and event loop; null disables their pooling
     */
    public VersionedConnector(Class<? extends Channel> channelType, AddressResolverGroup<InetSocketAddress> resolver,
            Integer maxIdlePerEndpoint, WriteBufferWaterMark waterMark, PoolEvents metrics) {
        this(channelType, resolver, maxIdlePerEndpoint, waterMark, metrics, (String) null);
    }

    /**
     * @param upstreamCaFile {@code runtime.upstream_ca_file}: what clusters without their own
     *     {@code tls.ca.ca_path} trust; null for the JVM's trust store
     */
    public VersionedConnector(Class<? extends Channel> channelType, AddressResolverGroup<InetSocketAddress> resolver,
            Integer maxIdlePerEndpoint, WriteBufferWaterMark waterMark, PoolEvents metrics, String upstreamCaFile) {
        this(channelType, resolver, maxIdlePerEndpoint, waterMark, metrics, new UpstreamTls(upstreamCaFile));
    }

    private VersionedConnector(Class<? extends Channel> channelType, AddressResolverGroup<InetSocketAddress> resolver,
            Integer maxIdlePerEndpoint, WriteBufferWaterMark waterMark, PoolEvents metrics, UpstreamTls tls) {
        this.channelType = channelType;
        this.resolver = resolver;
        this.waterMark = waterMark;
        this.metrics = metrics;
        this.tls = tls;
        this.http1 = new Http1Connector(channelType, resolver, maxIdlePerEndpoint, waterMark, metrics, tls);
        this.http2 = new Http2Connector(channelType, resolver, waterMark, metrics, tls, http1);
    }

    @Override
    public void acquire(UpstreamTarget target, EventLoop loop, boolean fresh, AcquireCallback callback) {
        switch (UpstreamVersion.of(target.cluster())) {
            case H1 -> http1.acquire(target, loop, fresh, callback);
            case H2, AUTO -> http2.acquire(target, loop, fresh, callback);
        }
    }

    /**
     * A connector with pools of its own (at most {@code maxIdlePerEndpoint} idle HTTP/1.1
     * connections per endpoint and loop) over the same transport, resolver and TLS contexts: the
     * sub-request connector ({@code runtime.subrequest_pool_size}).
     */
    public VersionedConnector withPoolsOfItsOwn(Integer maxIdlePerEndpoint) {
        return new VersionedConnector(channelType, resolver, maxIdlePerEndpoint, waterMark, metrics, tls);
    }

    /** See {@link Http1Connector#prepareTls}: every cluster's context, with its ALPN offer. */
    public void prepareTls(Collection<ClusterConfig> clusters) {
        http1.prepareTls(clusters);
    }

    /** See {@link Http1Connector#retainTls}. */
    public void retainTls(Collection<ClusterConfig> clusters) {
        http1.retainTls(clusters);
    }

    /** Idle HTTP/1.1 connections plus HTTP/2 connections without an open stream; safe from any thread. */
    public int idleConnections() {
        return http1.idleConnections() + http2.idleConnections();
    }

    @Override
    public void close() {
        http1.close();
        http2.close();
    }
}
