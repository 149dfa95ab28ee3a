package io.jpraxis.http.server.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.CipherSuite;
import io.jpraxis.config.model.ListenerTlsConfig.TlsVersion;
import io.netty.handler.ssl.OpenSsl;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TlsParametersTest {
    private static final Set<String> ALL =
            Arrays.stream(CipherSuite.values()).map(CipherSuite::ianaName).collect(Collectors.toSet());

    private static ListenerTlsConfig tls(TlsVersion min, CipherSuite... suites) {
        return TlsClients.tls(min, List.of(suites),
                new ListenerTlsConfig.Certificate("c.pem", "k.pem", List.of(), false));
    }

    @Test
    void defaultsOfferBothVersionsAndStrongestSuitesFirst() {
        TlsParameters p = TlsParameters.of(tls(TlsVersion.TLS12), TlsEngine.JDK, ALL, new ArrayList<>());

        assertThat(p.protocols()).containsExactly("TLSv1.3", "TLSv1.2");
        assertThat(p.cipherSuites()).hasSize(9).startsWith("TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256");
        assertThat(p.cipherSuites()).as("never CBC or static RSA")
                .allMatch(s -> s.contains("GCM") || s.contains("CHACHA"));
    }

    @Test
    void listedSuitesKeepTheirOrderAndAVersionWithoutSuitesIsNotOffered() {
        TlsParameters p = TlsParameters.of(tls(TlsVersion.TLS12, CipherSuite.TLS12_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
                CipherSuite.TLS12_ECDHE_RSA_WITH_AES_256_GCM_SHA384), TlsEngine.OPENSSL, ALL, new ArrayList<>());

        assertThat(p.cipherSuites()).containsExactly("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
                "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384");
        assertThat(p.protocols()).as("no TLS 1.3 suite listed").containsExactly("TLSv1.2");
    }

    @Test
    void tls13OffersOnlyTls13() {
        TlsParameters p = TlsParameters.of(tls(TlsVersion.TLS13), TlsEngine.JDK, ALL, new ArrayList<>());

        assertThat(p.protocols()).containsExactly("TLSv1.3");
    }

    @Test
    void unsupportedSuitesAreReportedAndAListOfNoneFails() {
        List<String> unsupported = new ArrayList<>();
        TlsParameters p = TlsParameters.of(tls(TlsVersion.TLS12, CipherSuite.TLS13_AES_128_GCM_SHA256,
                CipherSuite.TLS12_ECDHE_RSA_WITH_AES_128_GCM_SHA256), TlsEngine.JDK,
                Set.of("TLS_AES_128_GCM_SHA256"), unsupported);

        assertThat(p.cipherSuites()).containsExactly("TLS_AES_128_GCM_SHA256");
        assertThat(unsupported).containsExactly("tls12_ecdhe_rsa_with_aes_128_gcm_sha256");
        ListenerTlsConfig rsaOnly = tls(TlsVersion.TLS12, CipherSuite.TLS12_ECDHE_RSA_WITH_AES_128_GCM_SHA256);
        assertThatThrownBy(() -> TlsParameters.of(rsaOnly, TlsEngine.JDK, Set.of(), new ArrayList<>()))
                .hasMessageContaining("cipher_suites: none of [tls12_ecdhe_rsa_with_aes_128_gcm_sha256] is supported");
    }

    @Test
    void theNativeEngineIsLeftForAListWithTls13Suites() {
        String pinned = System.clearProperty(TlsEngine.ENGINE_PROPERTY);
        TlsEngine.Choice choice;
        try {
            choice = TlsEngine.choose(tls(TlsVersion.TLS12, CipherSuite.TLS13_AES_256_GCM_SHA384));
        } finally {
            if (pinned != null) {
                System.setProperty(TlsEngine.ENGINE_PROPERTY, pinned);
            }
        }

        assertThat(choice.engine()).isEqualTo(TlsEngine.JDK);
        assertThat(choice.why()).as("the reason that applies here").contains(OpenSsl.isAvailable()
                ? "cipher_suites lists TLS 1.3 suites, which BoringSSL cannot restrict or order"
                : "the native BoringSSL library did not load");
    }
}
