package io.jpraxis.http.upstream;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig.HttpVersion;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.core.upstream.Endpoint;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.File;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Client TLS contexts for clusters with a {@code tls} block (see
 * docs/behaviour/clusters.md#cluster-settings), built once per distinct block and shared by every
 * event loop, one per TLS block and ALPN offer: {@code h1} offers http/1.1, {@code h2} only h2,
 * {@code auto} both (see docs/behaviour/upstream-http2.md#choosing-the-version). The JDK provider is
 * used, so no native library is needed.
 */
final class UpstreamTls {
    /** The ALPN id the origin picked on an HTTP/2 connection. */
    static final String H2 = ApplicationProtocolNames.HTTP_2;

    private final ConcurrentMap<ContextKey, SslContext> contexts = new ConcurrentHashMap<>();
    /** {@code runtime.upstream_ca_file}: the trust of blocks without a {@code ca.ca_path}; null for the JVM's. */
    private final String defaultCaFile;

    UpstreamTls() {
        this(null);
    }

    /** @param defaultCaFile {@code runtime.upstream_ca_file}, or null to trust the JVM's store */
    UpstreamTls(String defaultCaFile) {
        this.defaultCaFile = defaultCaFile;
    }

    /** A TLS block with the protocols offered under it. */
    private record ContextKey(ClusterTlsConfig tls, List<String> protocols) {
    }

    /**
     * The context for {@code cluster}'s TLS block.
     *
     * @throws IllegalStateException naming the cluster when a certificate or key file cannot be used
     */
    SslContext contextFor(ClusterConfig cluster) {
        ContextKey key = new ContextKey(cluster.tls(), offered(UpstreamVersion.of(cluster)));
        return contexts.computeIfAbsent(key, k -> build(cluster.name(), k.tls(), k.protocols(), defaultCaFile));
    }

    /** Forgets every context whose block is not in {@code used}. */
    void retain(Set<ClusterTlsConfig> used) {
        contexts.keySet().removeIf(key -> !used.contains(key.tls()));
    }

    /** The ALPN ids offered for {@code version}, most wanted first (RFC 7301 3.1). */
    static List<String> offered(HttpVersion version) {
        return switch (version) {
            case H1 -> List.of(ApplicationProtocolNames.HTTP_1_1);
            case H2 -> List.of(ApplicationProtocolNames.HTTP_2);
            case AUTO -> List.of(ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1);
        };
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
        return build(cluster, tls, offered(HttpVersion.H1), null);
    }

    /**
     * @param defaultCaFile trusted when the block names no {@code ca.ca_path}, in place of the JVM's
     *     store (Praxis's {@code runtime.upstream_ca_file} replaces the system store, it adds nothing to it)
     */
    static SslContext build(String cluster, ClusterTlsConfig tls, List<String> protocols, String defaultCaFile) {
        SslContextBuilder builder = SslContextBuilder.forClient()
                .sslProvider(SslProvider.JDK)
                // Accepting an origin that picks nothing lets the connector name the problem: an h2
                // cluster then fails that connection with its own cause, an h1 one speaks HTTP/1.1.
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, protocols));
        try {
            if (!tls.verify()) {
                // Config loading allows this only with insecure_options.allow_tls_no_verify.
                builder.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
            } else {
                String ca = tls.caPath() != null ? tls.caPath() : defaultCaFile;
                if (ca != null) {
                    builder.trustManager(new File(ca));
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
                    + " (expected: readable PEM files for ca.ca_path, client_cert and runtime.upstream_ca_file)", e);
        }
    }
}
