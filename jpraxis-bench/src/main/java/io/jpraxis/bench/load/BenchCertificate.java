package io.jpraxis.bench.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The one certificate every TLS target serves: a self-signed ECDSA P-256 certificate for
 * {@code 127.0.0.1} and {@code localhost}, made by {@code openssl} in the run's folder, so nginx,
 * HAProxy and jpraxis sign the same handshakes with the same key.
 *
 * @param cert the certificate (PEM)
 * @param key its private key (PEM, PKCS#8)
 * @param certAndKey both in one file, as HAProxy's {@code crt} takes them
 */
public record BenchCertificate(Path cert, Path key, Path certAndKey) {
    /** The signature and key exchange cost of a handshake depends on this: named in every report. */
    public static final String KEY_TYPE = "ECDSA P-256";
    private static final long OPENSSL_TIMEOUT_SECONDS = 60;

    /** Generates the key and certificate under {@code dir/tls}. */
    public static BenchCertificate generate(Path dir) throws IOException, InterruptedException {
        Path tls = Files.createDirectories(dir.resolve("tls"));
        Path cert = tls.resolve("cert.pem");
        Path key = tls.resolve("key.pem");
        List<String> argv = List.of("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key.toString(), "-out", cert.toString(),
                "-days", "90", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost");
        Process p = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectOutput(tls.resolve("openssl.log").toFile()).start();
        if (!p.waitFor(OPENSSL_TIMEOUT_SECONDS, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("openssl could not make the benchmark certificate (see "
                    + tls.resolve("openssl.log") + ")");
        }
        Path both = tls.resolve("cert-and-key.pem");
        Files.writeString(both, Files.readString(cert) + Files.readString(key));
        return new BenchCertificate(cert, key, both);
    }

    /** A client context that trusts this certificate alone: the readiness probe's. */
    public SSLContext clientContext() throws IOException {
        try (InputStream in = Files.newInputStream(cert)) {
            Certificate certificate = CertificateFactory.getInstance("X.509").generateCertificate(in);
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            trust.setCertificateEntry("bench", certificate);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext context = SSLContext.getInstance("TLSv1.3");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot trust the benchmark certificate " + cert, e);
        }
    }
}
