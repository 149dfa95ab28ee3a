package io.jpraxis.config.model;

import java.util.List;

/**
 * A listener's {@code tls} block (see docs/behaviour/listener-tls.md): the certificates it serves,
 * the protocol floor and suites it offers, and how it asks clients for certificates.
 *
 * @param certificates one or more; with several, the client's SNI picks one
 * @param minVersion the lowest TLS version offered; 1.0 and 1.1 are never offered
 * @param cipherSuites the suites offered, in order; empty offers every suite the provider has
 * @param clientCa trust anchors and revocation lists for client certificates; null when unset
 * @param clientCertMode whether a client certificate is asked for, required, or required with a name
 * @param trustedSpiffeIds SPIFFE IDs allowed under {@code require_named}; empty allows any valid one
 * @param hotReload whether certificate files are watched; null leaves the default (on for one certificate)
 */
public record ListenerTlsConfig(
        List<Certificate> certificates,
        TlsVersion minVersion,
        List<CipherSuite> cipherSuites,
        ClientCa clientCa,
        ClientCertMode clientCertMode,
        List<String> trustedSpiffeIds,
        Boolean hotReload,
        SourceRef source) {

    public ListenerTlsConfig {
        certificates = List.copyOf(certificates);
        cipherSuites = List.copyOf(cipherSuites);
        trustedSpiffeIds = List.copyOf(trustedSpiffeIds);
    }

    /** Whether the files are watched and reloaded: explicitly, or by default with exactly one certificate. */
    public boolean reloads() {
        return hotReload == null ? certificates.size() == 1 : hotReload;
    }

    /**
     * One served certificate.
     *
     * @param certPath PEM chain, leaf first
     * @param keyPath PEM private key matching the leaf
     * @param serverNames exact host names and {@code *.suffix} wildcards (lower-cased) this certificate serves
     * @param isDefault whether it answers a hello whose SNI matches no other
     */
    public record Certificate(String certPath, String keyPath, List<String> serverNames, boolean isDefault) {
        public Certificate {
            serverNames = List.copyOf(serverNames);
        }
    }

    /** @param crlPaths PEM revocation lists checked against presented client certificates */
    public record ClientCa(String caPath, List<String> crlPaths) {
        public ClientCa {
            crlPaths = List.copyOf(crlPaths);
        }
    }

    /** {@code tls12} offers 1.2 and 1.3; {@code tls13} offers 1.3 only. */
    public enum TlsVersion { TLS12, TLS13 }

    public enum ClientCertMode { NONE, REQUEST, REQUIRE, REQUIRE_NAMED }

    /** Praxis's suite ids; the YAML name is the constant lower-cased. */
    public enum CipherSuite {
        TLS13_AES_128_GCM_SHA256("TLS_AES_128_GCM_SHA256"),
        TLS13_AES_256_GCM_SHA384("TLS_AES_256_GCM_SHA384"),
        TLS13_CHACHA20_POLY1305_SHA256("TLS_CHACHA20_POLY1305_SHA256"),
        TLS12_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"),
        TLS12_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"),
        TLS12_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256("TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"),
        TLS12_ECDHE_RSA_WITH_AES_128_GCM_SHA256("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"),
        TLS12_ECDHE_RSA_WITH_AES_256_GCM_SHA384("TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384"),
        TLS12_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256("TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

        private final String ianaName;

        CipherSuite(String ianaName) {
            this.ianaName = ianaName;
        }

        /** The IANA (and JDK) name; Netty maps it to OpenSSL's spelling for the native provider. */
        public String ianaName() {
            return ianaName;
        }

        public boolean isTls13() {
            return name().startsWith("TLS13_");
        }
    }
}
