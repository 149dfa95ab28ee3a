package io.jpraxis.extproc.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A key pair and self-signed certificate for {@code localhost} / 127.0.0.1, made by the JDK's
 * {@code keytool} (no crypto library needed) and written as the PEM files {@code tls.mode:
 * provided} reads: a certificate and an unencrypted PKCS#8 key.
 */
record TestCertificate(Path certPem, Path keyPem) {

    static TestCertificate create(Path dir) throws Exception {
        Path store = dir.resolve("test.p12");
        String password = "test-only";
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(List.of(keytool.toString(), "-genkeypair", "-alias", "test", "-keyalg", "EC",
                "-groupname", "secp256r1", "-validity", "2", "-dname", "CN=localhost", "-ext",
                "san=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass",
                password, "-noprompt")).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed: " + output);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, password.toCharArray());
        }
        Path cert = Files.writeString(dir.resolve("cert.pem"), pem("CERTIFICATE", ks.getCertificate("test").getEncoded()));
        Path key = Files.writeString(dir.resolve("key.pem"),
                pem("PRIVATE KEY", ks.getKey("test", password.toCharArray()).getEncoded()));
        return new TestCertificate(cert, key);
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + type + "-----\n";
    }
}
