package io.jpraxis.http.upstream;

import io.jpraxis.core.upstream.UpstreamTarget;

/**
 * What makes two upstream connections interchangeable: the endpoint, and the cluster whose
 * settings (timeouts; later TLS) they were opened with.
 */
record PoolKey(String cluster, String host, int port) {
    static PoolKey of(UpstreamTarget target) {
        return new PoolKey(target.cluster().name(), target.endpoint().host(), target.endpoint().port());
    }
}
