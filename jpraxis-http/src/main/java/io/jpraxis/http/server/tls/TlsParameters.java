package io.jpraxis.http.server.tls;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.CipherSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The protocol versions and suites a listener offers (see
 * docs/behaviour/tls-connections.md#versions-and-cipher-suites). TLS 1.0 and 1.1 are never offered.
 * Without {@code cipher_suites} every suite of the table is offered, strongest first; with it, only
 * the listed ones in the listed order, and a version left without a listed suite is not offered.
 *
 * @param protocols JDK protocol names, highest first
 * @param cipherSuites IANA suite names in preference order
 */
record TlsParameters(List<String> protocols, List<String> cipherSuites) {
    static final String TLS13 = "TLSv1.3";
    static final String TLS12 = "TLSv1.2";

    /** The suites offered when the listener lists none: AES-256-GCM, ChaCha20-Poly1305, AES-128-GCM per kind. */
    static final List<CipherSuite> DEFAULT_SUITES = List.of(
            CipherSuite.TLS13_AES_256_GCM_SHA384,
            CipherSuite.TLS13_CHACHA20_POLY1305_SHA256,
            CipherSuite.TLS13_AES_128_GCM_SHA256,
            CipherSuite.TLS12_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
            CipherSuite.TLS12_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
            CipherSuite.TLS12_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
            CipherSuite.TLS12_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
            CipherSuite.TLS12_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
            CipherSuite.TLS12_ECDHE_RSA_WITH_AES_128_GCM_SHA256);

    /** BoringSSL's fixed TLS 1.3 suites in the order it uses them: named so Netty has nothing to override. */
    static final List<CipherSuite> BORINGSSL_TLS13 = List.of(
            CipherSuite.TLS13_AES_128_GCM_SHA256,
            CipherSuite.TLS13_AES_256_GCM_SHA384,
            CipherSuite.TLS13_CHACHA20_POLY1305_SHA256);

    TlsParameters {
        protocols = List.copyOf(protocols);
        cipherSuites = List.copyOf(cipherSuites);
    }

    /**
     * What {@code tls} offers with an engine supporting {@code supported} (IANA names).
     *
     * @param unsupported receives each listed suite the engine lacks (the caller warns)
     * @throws IllegalArgumentException when no listed suite is supported, or a version is left with none
     */
    static TlsParameters of(ListenerTlsConfig tls, TlsEngine engine, Set<String> supported,
            List<String> unsupported) {
        List<CipherSuite> wanted = tls.cipherSuites().isEmpty() ? defaults(engine) : tls.cipherSuites();
        List<String> suites = new ArrayList<>();
        boolean tls13 = false;
        boolean tls12 = false;
        for (CipherSuite suite : wanted) {
            if (!supported.contains(suite.ianaName())) {
                unsupported.add(suite.name().toLowerCase(Locale.ROOT));
                continue;
            }
            suites.add(suite.ianaName());
            tls13 |= suite.isTls13();
            tls12 |= !suite.isTls13();
        }
        if (suites.isEmpty()) {
            throw new IllegalArgumentException("cipher_suites: none of " + unsupported
                    + " is supported by this TLS engine (expected: at least one supported suite)");
        }
        boolean onlyTls13 = tls.minVersion() == ListenerTlsConfig.TlsVersion.TLS13;
        List<String> protocols = new ArrayList<>();
        if (tls13) {
            protocols.add(TLS13);
        }
        if (tls12 && !onlyTls13) {
            protocols.add(TLS12);
        }
        if (protocols.isEmpty()) {
            throw new IllegalArgumentException("cipher_suites: no TLS 1.3 suite is listed but min_version is tls13"
                    + " (expected: at least one tls13_* suite)");
        }
        return new TlsParameters(protocols, suites);
    }

    private static List<CipherSuite> defaults(TlsEngine engine) {
        return switch (engine) {
            case JDK -> DEFAULT_SUITES;
            case OPENSSL -> {
                List<CipherSuite> out = new ArrayList<>(BORINGSSL_TLS13);
                DEFAULT_SUITES.stream().filter(s -> !s.isTls13()).forEach(out::add);
                yield out;
            }
        };
    }
}
