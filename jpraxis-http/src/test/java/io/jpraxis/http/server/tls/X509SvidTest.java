package io.jpraxis.http.server.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.testkit.TestPki;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class X509SvidTest {
    @TempDir
    static Path dir;
    static TestPki.Authority ca;

    @BeforeAll
    static void pki() {
        ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
    }

    @Test
    void aLeafWithOneSpiffeIdIsAnSvid() throws CertificateException {
        assertThat(X509Svid.spiffeId(ca.client("svc").uri("spiffe://example.org/svc").issue().certificate()))
                .isEqualTo("spiffe://example.org/svc");
    }

    @Test
    void refusesNoUriSanAnotherSchemeAndCaCertificates() {
        assertThatThrownBy(() -> X509Svid.spiffeId(ca.client("none").issue().certificate()))
                .hasMessageContaining("0 URI SANs");
        assertThatThrownBy(() -> X509Svid.spiffeId(ca.client("https").uri("https://example.org/svc").issue()
                .certificate())).hasMessageContaining("expected: a SPIFFE ID");
        assertThatThrownBy(() -> X509Svid.spiffeId(ca.certificate())).hasMessageContaining("CA certificate");
    }

    @Test
    void leafIdsNeedALowerCaseTrustDomainAndAPath() {
        assertThat(X509Svid.isLeafSpiffeId("spiffe://example.org/ns/a")).isTrue();
        assertThat(X509Svid.isLeafSpiffeId("spiffe://example.org")).as("trust domain only").isFalse();
        assertThat(X509Svid.isLeafSpiffeId("spiffe://example.org/")).isFalse();
        assertThat(X509Svid.isLeafSpiffeId("spiffe://Example.org/a")).isFalse();
        assertThat(X509Svid.isLeafSpiffeId("spiffe://example.org/a/../b")).isFalse();
        assertThat(X509Svid.isLeafSpiffeId("SPIFFE://example.org/a")).isFalse();
        assertThat(X509Svid.isLeafSpiffeId("spiffe://example.org:8443/a")).isFalse();
    }
}
