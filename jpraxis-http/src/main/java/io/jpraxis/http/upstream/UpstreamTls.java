package io.jpraxis.http.upstream;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.core.upstream.Endpoint;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.File;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Client TLS contexts for clusters with a {@code tls} block (see
 * docs/behaviour/clusters.md#cluster-settings), built once per distinct block and shared by every
 * event loop. The JDK provider is used, so no native library is needed.
 */
final class UpstreamTls {
    private final ConcurrentMap<ClusterTlsConfig, SslContext> contexts = new ConcurrentHashMap<>();

    /**
     * The context for {@code cluster}'s TLS block.
     *
     * @throws IllegalStateException naming the cluster when a certificate or key file cannot be used
     */
    SslContext contextFor(ClusterConfig cluster) {
        return contexts.computeIfAbsent(cluster.tls(), tls -> build(cluster.name(), tls));
    }

    /** Forgets every context whose block is not in {@code used}. */
    void retain(Set<ClusterTlsConfig> used) {
        contexts.keySet().retainAll(used);
    }

    /**
     * The server name sent as SNI and checked against the origin's certificate: {@code tls.sni},
     * else the endpoint host. The JDK sends no SNI for an IP literal and then matches the
     * certificate's IP addresses instead (RFC 6066 3: literal addresses are not server names).
     */
    static String peerHost(ClusterTlsConfig tls, Endpoint endpoint) {
        return tls.sni() != null ? tls.sni() : endpoint.host();
    }

    static SslContext build(String cluster, ClusterTlsConfig tls) {
        SslContextBuilder builder = SslContextBuilder.forClient()
                .sslProvider(SslProvider.JDK)
                // Only HTTP/1.1 is spoken upstream, so that is all ALPN may offer.
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        ApplicationProtocolNames.HTTP_1_1));
        try {
            if (!tls.verify()) {
                // Config loading allows this only with insecure_options.allow_tls_no_verify.
                builder.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
            } else {
                if (tls.caPath() != null) {
                    builder.trustManager(new File(tls.caPath()));
                }
                builder.endpointIdentificationAlgorithm("HTTPS"); // RFC 2818 3.1 host name check
            }
            if (tls.clientCertPath() != null) {
                builder.keyManager(new File(tls.clientCertPath()), new File(tls.clientKeyPath()));
            }
            return builder.build();
        } catch (Exception e) {
            // SslContextBuilder reports unreadable PEM as IllegalArgumentException or SSLException.
            throw new IllegalStateException("cluster " + cluster + ": tls: " + e.getMessage()
                    + " (expected: readable PEM files for ca.ca_path and client_cert)", e);
        }
    }
}
