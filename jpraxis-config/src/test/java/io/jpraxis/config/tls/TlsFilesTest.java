package io.jpraxis.config.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.tls.TlsFileException.Problem;
import io.jpraxis.testkit.TestPki;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsFilesTest {
    @TempDir
    static Path dir;
    static TestPki pki;
    static TestPki.Authority ca;

    @BeforeAll
    static void pki() {
        pki = TestPki.create(dir);
        ca = pki.rootCa("ca", TestPki.KeyType.EC);
    }

    @Test
    void readsAChainLeafFirstAndEachKeyFormat() throws Exception {
        TestPki.Authority intermediate = ca.intermediate("issuing", TestPki.KeyType.EC);
        TestPki.Issued ec = intermediate.server("ec").keyFormat(TestPki.KeyFormat.SEC1_EC).issue();
        TestPki.Issued rsa = ca.server("rsa").keyType(TestPki.KeyType.RSA).keyFormat(TestPki.KeyFormat.PKCS1_RSA)
                .issue();
        TestPki.Issued pkcs8 = ca.server("pkcs8").keyType(TestPki.KeyType.RSA).issue();

        List<X509Certificate> chain = TlsFiles.certificateChain(ec.certPath());
        assertThat(chain).as("leaf, then the intermediate").hasSize(2);
        assertThat(chain.getFirst()).isEqualTo(ec.certificate());
        for (TestPki.Issued issued : List.of(ec, rsa, pkcs8)) {
            // certifiedKey signs with the key and verifies with the certificate: the key read is the right one.
            TlsFiles.CertifiedKey pair = TlsFiles.certifiedKey(issued.certPath(), issued.keyPath());
            assertThat(pair.key().getAlgorithm()).isEqualTo(issued.keyPair().getPrivate().getAlgorithm());
        }
    }

    @Test
    void aKeyOfAnotherCertificateIsAMismatchNotAParseError() throws Exception {
        TestPki.Issued server = ca.server("server").issue();
        Path stray = pki.unrelatedKey("stray", TestPki.KeyType.EC, TestPki.KeyFormat.PKCS8);
        Path rsaStray = pki.unrelatedKey("rsa-stray", TestPki.KeyType.RSA, TestPki.KeyFormat.PKCS8);
        X509Certificate leaf = server.certificate();

        for (Path key : List.of(stray, rsaStray)) {
            PrivateKey wrong = TlsFiles.privateKey(key);
            assertProblem(() -> TlsFiles.checkKeyMatches(server.certPath(), leaf, key, wrong), Problem.KEY_MISMATCH)
                    .hasMessageContaining(key.toString()).hasMessageContaining(server.certPath().toString())
                    .hasMessageContaining("does not match");
            assertProblem(() -> TlsFiles.checkKeyMatches(leaf, wrong), Problem.KEY_MISMATCH);
        }
        TlsFiles.checkKeyMatches(leaf, TlsFiles.privateKey(server.keyPath()));
    }

    @Test
    void namesTheFileAndTheProblem() {
        TestPki.Issued server = ca.server("named").issue();
        TestPki.Issued locked = ca.server("locked").keyFormat(TestPki.KeyFormat.ENCRYPTED_PKCS8).issue();
        Path missing = dir.resolve("missing.pem");
        Path empty = pki.textFile("empty.pem", "");
        Path truncated = pki.textFile("truncated.pem", "-----BEGIN CERTIFICATE-----\nMIIB\n");
        Path badBase64 = pki.textFile("bad.pem", "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n");

        assertProblem(() -> TlsFiles.certificateChain(missing), Problem.UNREADABLE)
                .hasMessageStartingWith(missing + ": ");
        assertProblem(() -> TlsFiles.certificateChain(dir), Problem.UNREADABLE).hasMessageContaining("directory");
        assertProblem(() -> TlsFiles.certificateChain(empty), Problem.NO_CERTIFICATE)
                .hasMessageContaining("no certificate");
        assertProblem(() -> TlsFiles.certificateChain(server.keyPath()), Problem.NO_CERTIFICATE);
        assertProblem(() -> TlsFiles.certificateChain(truncated), Problem.MALFORMED_PEM)
                .hasMessageContaining("malformed PEM");
        assertProblem(() -> TlsFiles.certificateChain(badBase64), Problem.MALFORMED_PEM);
        assertProblem(() -> TlsFiles.privateKey(server.certPath()), Problem.NO_PRIVATE_KEY)
                .hasMessageContaining("no private key");
        assertProblem(() -> TlsFiles.privateKey(locked.keyPath()), Problem.ENCRYPTED_KEY)
                .hasMessageContaining("encrypted");
        assertProblem(() -> TlsFiles.caBundle(empty), Problem.NO_CERTIFICATE).hasMessageContaining("CA bundle");
        assertProblem(() -> TlsFiles.crls(server.certPath()), Problem.NO_CRL).hasMessageContaining("no CRL");
        assertProblem(() -> TlsFiles.crls(missing), Problem.UNREADABLE);
    }

    @Test
    void refusesAKeyTypeATlsServerCannotUse() throws Exception {
        // A DSA key in PKCS#8: the JDK reads it, a TLS server cannot use it.
        java.security.KeyPairGenerator generator = java.security.KeyPairGenerator.getInstance("DSA");
        generator.initialize(2048);
        String base64 = java.util.Base64.getMimeEncoder(64, "\n".getBytes())
                .encodeToString(generator.generateKeyPair().getPrivate().getEncoded());
        Path dsa = pki.textFile("dsa.key", "-----BEGIN PRIVATE KEY-----\n" + base64 + "\n-----END PRIVATE KEY-----\n");
        Path twoKeys = pki.textFile("two.key", Files.readString(ca.keyPath()) + Files.readString(ca.keyPath()));

        assertProblem(() -> TlsFiles.privateKey(dsa), Problem.UNSUPPORTED_KEY_TYPE)
                .hasMessageContaining("unsupported key type");
        assertProblem(() -> TlsFiles.privateKey(twoKeys), Problem.SEVERAL_PRIVATE_KEYS)
                .hasMessageContaining("exactly one");
    }

    @Test
    void readsCaBundlesAndCrls() throws Exception {
        TestPki.Authority other = pki.rootCa("other", TestPki.KeyType.RSA);
        Path bundle = pki.bundle("bundle", ca.certPath(), other.certPath());
        TestPki.Issued client = ca.client("client").issue();
        Path crl = ca.crl("revoked", client.serial());

        assertThat(TlsFiles.caBundle(bundle)).containsExactly(ca.certificate(), other.certificate());
        assertThat(TlsFiles.crls(crl)).singleElement()
                .satisfies(list -> assertThat(list.isRevoked(client.certificate())).isTrue());
        Path garbled = pki.textFile("garbled.crl", "-----BEGIN X509 CRL-----\nAAAA\n-----END X509 CRL-----\n");
        assertThatThrownBy(() -> TlsFiles.crls(garbled)).isInstanceOf(TlsFileException.class)
                .hasMessageStartingWith(garbled + ": ");
    }

    private static org.assertj.core.api.AbstractThrowableAssert<?, ? extends Throwable> assertProblem(
            ThrowingCallable call, Problem problem) {
        return assertThatThrownBy(call).isInstanceOf(TlsFileException.class)
                .satisfies(e -> assertThat(((TlsFileException) e).problem()).isEqualTo(problem));
    }
}
