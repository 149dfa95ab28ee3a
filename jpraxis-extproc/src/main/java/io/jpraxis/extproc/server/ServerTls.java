package io.jpraxis.extproc.server;

import io.grpc.ServerCredentials;
import io.grpc.TlsServerCredentials;
import io.grpc.InsecureServerCredentials;
import io.jpraxis.extproc.config.ExtProcTls;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;

/**
 * The gRPC port's credentials from {@code server.tls}. {@code self_signed} asks the JDK's own
 * {@code keytool} for a key pair and certificate, so no extra crypto library ships for it.
 */
final class ServerTls {
    private ServerTls() {
    }

    static ServerCredentials credentials(ExtProcTls tls, String host) throws IOException {
        return switch (tls) {
            case ExtProcTls.None none -> InsecureServerCredentials.create();
            case ExtProcTls.Provided p -> TlsServerCredentials.create(p.certPath().toFile(), p.keyPath().toFile());
            case ExtProcTls.SelfSigned s -> selfSigned(host);
        };
    }

    private static ServerCredentials selfSigned(String host) throws IOException {
        Path dir = Files.createTempDirectory("jpraxis-extproc-tls");
        Path store = dir.resolve("self-signed.p12");
        char[] password = Long.toHexString(new java.security.SecureRandom().nextLong()).toCharArray();
        String san = host.equals("0.0.0.0") || host.isEmpty() ? "dns:localhost,ip:127.0.0.1"
                : (Character.isDigit(host.charAt(0)) || host.contains(":") ? "ip:" : "dns:") + host;
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = List.of(keytool.toString(), "-genkeypair", "-alias", "extproc", "-keyalg", "EC",
                "-groupname", "secp256r1", "-validity", "825", "-dname", "CN=jpraxis-extproc", "-ext", "san=" + san,
                "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", new String(password), "-noprompt");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] output = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("keytool failed: " + new String(output).trim());
            }
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                ks.load(in, password);
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, password);
            return TlsServerCredentials.newBuilder().keyManager(kmf.getKeyManagers()).build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making a self-signed certificate", e);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot load the self-signed certificate: " + e.getMessage(), e);
        } finally {
            Files.deleteIfExists(store);
            Files.deleteIfExists(dir);
        }
    }
}
