package io.jpraxis.http.upstream;

import io.jpraxis.core.upstream.UpstreamTarget;
import io.netty.channel.EventLoop;

/**
 * Hands out {@link UpstreamStream}s to endpoints. Implementations keep their state per event loop
 * so acquisition and release never synchronize; the HTTP/1.1 one pools keep-alive connections, the
 * HTTP/2 one multiplexes streams over a few connections, and {@link VersionedConnector} picks
 * between them by the cluster's {@code http.version}.
 */
public interface UpstreamConnector extends AutoCloseable {

    /**
     * Acquires a stream to {@code target}'s endpoint on {@code loop}; must be called on
     * {@code loop}, and the callback runs on it too (possibly before this method returns).
     *
     * @param fresh true to skip pooled streams (a retry after a stale pooled one failed)
     */
    void acquire(UpstreamTarget target, EventLoop loop, boolean fresh, AcquireCallback callback);

    /** Closes idle pooled connections; streams in use close when their exchanges end. */
    @Override
    void close();

    /** Result of {@link #acquire}. */
    interface AcquireCallback {
        void onAcquired(UpstreamStream stream);

        void onAcquireFailed(UpstreamFailure failure);
    }
}
