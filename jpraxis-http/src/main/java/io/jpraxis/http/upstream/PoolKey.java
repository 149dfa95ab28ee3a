package io.jpraxis.http.upstream;

import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.core.upstream.UpstreamTarget;

/**
 * What makes two upstream connections interchangeable: the endpoint, the cluster whose settings
 * (timeouts) they were opened with, and their TLS settings (null for plaintext), so a plaintext
 * connection is never lent to a TLS cluster or one verified for another server name.
 */
record PoolKey(String cluster, String host, int port, ClusterTlsConfig tls) {
    static PoolKey of(UpstreamTarget target) {
        return new PoolKey(target.cluster().name(), target.endpoint().host(), target.endpoint().port(),
                target.cluster().tls());
    }
}
