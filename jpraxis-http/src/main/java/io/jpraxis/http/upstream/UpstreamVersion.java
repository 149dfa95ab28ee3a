package io.jpraxis.http.upstream;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig.HttpVersion;

/**
 * The HTTP version a cluster's connections are opened for (see
 * docs/behaviour/upstream-http2.md#choosing-the-version): its {@code http.version}, with
 * {@code auto} meaning HTTP/1.1 in cleartext, where no ALPN can pick.
 */
public final class UpstreamVersion {
    private UpstreamVersion() {
    }

    /** {@link HttpVersion#AUTO} only for a TLS cluster; a cleartext {@code auto} is {@link HttpVersion#H1}. */
    public static HttpVersion of(ClusterConfig cluster) {
        HttpVersion configured = cluster.http() == null ? HttpVersion.H1 : cluster.http().versionOrDefault();
        if (configured == HttpVersion.AUTO && cluster.tls() == null) {
            return HttpVersion.H1;
        }
        return configured;
    }

    /** Whether the cluster's requests may go on an HTTP/2 leg: {@code h2}, or {@code auto} over TLS. */
    public static boolean mayUseHttp2(ClusterConfig cluster) {
        return of(cluster) != HttpVersion.H1;
    }
}
