package io.jpraxis.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertStore;
import java.security.cert.CertificateFactory;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestPkiTest {
    @TempDir
    Path dir;

    @Test
    void serverCertificateCarriesItsNamesAndChainsToItsRoot() throws Exception {
        TestPki pki = TestPki.create(dir);
        TestPki.Authority ca = pki.rootCa("ca", TestPki.KeyType.RSA);
        TestPki.Issued server = ca.server("api").dns("localhost", "*.example.com").ip("127.0.0.1").issue();

        X509Certificate leaf = certificates(server.certPath()).getFirst();
        assertThat(List.copyOf(leaf.getSubjectAlternativeNames())).extracting(name -> (Object) name.get(1))
                .containsExactly("localhost", "*.example.com", "127.0.0.1");
        assertThat(leaf.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1");
        validate(server.certPath(), ca.certPath(), null);
        assertThat(Files.readString(server.keyPath())).startsWith("-----BEGIN PRIVATE KEY-----");
    }

    @Test
    void leafOfAnIntermediateCarriesTheIntermediateInItsFile() throws Exception {
        TestPki pki = TestPki.create(dir);
        TestPki.Authority root = pki.rootCa("root", TestPki.KeyType.EC);
        TestPki.Authority intermediate = root.intermediate("issuing", TestPki.KeyType.EC);
        TestPki.Issued server = intermediate.server("api").dns("localhost").issue();

        assertThat(certificates(server.certPath())).as("leaf then intermediate, root left out").hasSize(2);
        validate(server.certPath(), root.certPath(), null);
        TestPki.Authority other = pki.rootCa("other", TestPki.KeyType.EC);
        assertThatThrownBy(() -> validate(server.certPath(), other.certPath(), null))
                .as("an unrelated CA does not anchor it").isInstanceOf(CertPathValidatorException.class);
    }

    @Test
    void crlRevokesTheSerialsItNames() throws Exception {
        TestPki pki = TestPki.create(dir);
        TestPki.Authority ca = pki.rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued revoked = ca.client("bad").subject("CN=bad,O=Acme").issue();
        TestPki.Issued good = ca.client("good").subject("CN=good,O=Acme")
                .uri("spiffe://example.org/ns/a/sa/b").issue();
        Path crl = ca.crl("revoked", revoked.serial());

        assertThat(good.certificate().getSubjectX500Principal().getName()).isEqualTo("CN=good,O=Acme");
        assertThat(List.copyOf(good.certificate().getSubjectAlternativeNames())).extracting(name -> (Object) name.get(1))
                .containsExactly("spiffe://example.org/ns/a/sa/b");
        validate(good.certPath(), ca.certPath(), crl);
        assertThatThrownBy(() -> validate(revoked.certPath(), ca.certPath(), crl))
                .isInstanceOf(CertPathValidatorException.class).hasMessageContaining("revoked");
    }

    @Test
    void writesEachKeyFormatAndOddValidities() throws Exception {
        TestPki pki = TestPki.create(dir);
        TestPki.Authority ca = pki.rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued rsa = ca.server("rsa").keyType(TestPki.KeyType.RSA).keyFormat(TestPki.KeyFormat.PKCS1_RSA)
                .issue();
        TestPki.Issued ec = ca.server("ec").keyFormat(TestPki.KeyFormat.SEC1_EC).issue();
        TestPki.Issued locked = ca.server("locked").keyFormat(TestPki.KeyFormat.ENCRYPTED_PKCS8).issue();
        TestPki.Issued soon = ca.server("soon").expiresIn(Duration.ofDays(3)).issue();
        TestPki.Issued expired = ca.server("old").expired().issue();

        assertThat(Files.readString(rsa.keyPath())).startsWith("-----BEGIN RSA PRIVATE KEY-----");
        assertThat(Files.readString(ec.keyPath())).startsWith("-----BEGIN EC PRIVATE KEY-----");
        assertThat(Files.readString(locked.keyPath())).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----");
        assertThat(rsa.certificate().getPublicKey().getAlgorithm()).isEqualTo("RSA");
        assertThat(soon.certificate().getNotAfter().toInstant()).isBefore(Instant.now().plus(Duration.ofDays(4)));
        assertThat(expired.certificate().getNotAfter().toInstant()).isBefore(Instant.now());
        assertThatThrownBy(() -> ca.server("wrong").keyType(TestPki.KeyType.EC)
                .keyFormat(TestPki.KeyFormat.PKCS1_RSA).issue()).isInstanceOf(IllegalArgumentException.class);
        assertThat(pki.unrelatedKey("stray", TestPki.KeyType.RSA, TestPki.KeyFormat.PKCS8)).exists();
    }

    private static List<X509Certificate> certificates(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            List<X509Certificate> out = new ArrayList<>();
            CertificateFactory.getInstance("X.509").generateCertificates(in)
                    .forEach(cert -> out.add((X509Certificate) cert));
            return out;
        }
    }

    private static void validate(Path chainFile, Path caFile, Path crlFile) throws Exception {
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        PKIXParameters params = new PKIXParameters(Set.of(new TrustAnchor(certificates(caFile).getFirst(), null)));
        params.setRevocationEnabled(crlFile != null);
        if (crlFile != null) {
            try (InputStream in = Files.newInputStream(crlFile)) {
                X509CRL crl = (X509CRL) factory.generateCRL(in);
                params.addCertStore(CertStore.getInstance("Collection",
                        new CollectionCertStoreParameters(List.of(crl))));
            }
        }
        CertPathValidator.getInstance("PKIX").validate(factory.generateCertPath(certificates(chainFile)), params);
    }
}
