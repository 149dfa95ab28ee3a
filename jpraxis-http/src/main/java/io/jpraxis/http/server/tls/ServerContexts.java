package io.jpraxis.http.server.tls;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.config.tls.Crls;
import io.jpraxis.config.tls.TlsFileException;
import io.jpraxis.config.tls.TlsFiles;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.IdentityCipherSuiteFilter;
import io.netty.handler.ssl.OpenSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds a listener's server contexts from its {@code tls} block, reading every file afresh: one
 * context per certificate, all sharing the versions, suites, ALPN list and client verification.
 * Used at start and by {@link ListenerTls#reload()}.
 */
final class ServerContexts {
    private static final Logger log = LoggerFactory.getLogger(ServerContexts.class);

    /** Offered in this order (see docs/behaviour/tls-connections.md#alpn); a client without ALPN speaks HTTP/1.1. */
    static final ApplicationProtocolConfig ALPN = new ApplicationProtocolConfig(
            ApplicationProtocolConfig.Protocol.ALPN,
            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
            ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1);

    private final ListenerTlsConfig tls;
    private final TlsEngine engine;
    private final TlsParameters parameters;

    ServerContexts(ListenerTlsConfig tls, TlsEngine engine, TlsParameters parameters) {
        this.tls = tls;
        this.engine = engine;
        this.parameters = parameters;
    }

    /**
     * Reads the files and builds the selection.
     *
     * @throws IllegalArgumentException naming the file or the server name that cannot be used
     */
    CertificateSelection build() {
        ClientCertTrust trust = clientTrust();
        List<Certificate> certs = tls.certificates();
        List<X509Certificate> leaves = new ArrayList<>(certs.size());
        if (certs.size() == 1) {
            return CertificateSelection.of(context(certs.get(0), trust, leaves), leaves.get(0));
        }
        Map<String, SslContext> exact = new LinkedHashMap<>();
        Map<String, SslContext> wildcards = new LinkedHashMap<>();
        SslContext fallback = null;
        for (Certificate cert : certs) {
            SslContext context = context(cert, trust, leaves);
            for (String name : cert.serverNames()) {
                String lower = name.toLowerCase(Locale.ROOT);
                boolean wildcard = lower.startsWith("*.");
                Map<String, SslContext> into = wildcard ? wildcards : exact;
                if (into.putIfAbsent(wildcard ? lower.substring(2) : lower, context) != null) {
                    throw new IllegalArgumentException("duplicate server_name " + name
                            + " (expected: each name served by one certificate)");
                }
            }
            if (cert.isDefault()) {
                fallback = context;
            }
        }
        return new CertificateSelection(null, exact, wildcards, fallback, leaves);
    }

    /** The context of {@code cert}; its leaf is added to {@code leaves}. */
    private SslContext context(Certificate cert, ClientCertTrust trust, List<X509Certificate> leaves) {
        TlsFiles.CertifiedKey key;
        try {
            key = TlsFiles.certifiedKey(Path.of(cert.certPath()), Path.of(cert.keyPath()));
        } catch (TlsFileException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        leaves.add(key.chain().get(0));
        SslContextBuilder builder = SslContextBuilder.forServer(key.key(), key.chain());
        builder.sslProvider(engine.provider())
                .protocols(parameters.protocols())
                .ciphers(parameters.cipherSuites(), IdentityCipherSuiteFilter.INSTANCE)
                .applicationProtocolConfig(ALPN);
        if (trust != null) {
            builder.trustManager(trust).clientAuth(switch (tls.clientCertMode()) {
                case NONE -> ClientAuth.NONE;
                case REQUEST -> ClientAuth.OPTIONAL;
                case REQUIRE, REQUIRE_NAMED -> ClientAuth.REQUIRE;
            });
        }
        SslContext context;
        try {
            context = builder.build();
        } catch (Exception e) {
            // A key type or certificate the engine cannot use.
            throw new IllegalArgumentException("cert_path " + cert.certPath() + ", key_path " + cert.keyPath() + ": "
                    + e.getMessage() + " (expected: an RSA or EC certificate and key the TLS engine accepts)", e);
        }
        if (context instanceof OpenSslContext openssl) {
            // Netty turns tickets off unless keys are set; none given = BoringSSL's own rotating keys.
            openssl.sessionContext().setTicketKeys();
        }
        return context;
    }

    private ClientCertTrust clientTrust() {
        if (tls.clientCertMode() == ListenerTlsConfig.ClientCertMode.NONE || tls.clientCa() == null) {
            return null;
        }
        List<X509CRL> crls = new ArrayList<>();
        try {
            List<X509Certificate> cas = TlsFiles.caBundle(Path.of(tls.clientCa().caPath()));
            Instant now = Instant.now();
            for (String path : tls.clientCa().crlPaths()) {
                List<X509CRL> loaded = TlsFiles.crls(Path.of(path));
                Crls.checkSigned(Path.of(path), loaded, cas);
                for (X509CRL crl : loaded) {
                    Crls.staleness(Path.of(path), crl, now).ifPresent(log::warn);
                }
                crls.addAll(loaded);
            }
            return ClientCertTrust.of(tls, cas, crls);
        } catch (TlsFileException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("client_ca.ca_path " + tls.clientCa().caPath() + ": " + e.getMessage()
                    + " (expected: CA certificates a PKIX validator accepts)", e);
        }
    }
}
