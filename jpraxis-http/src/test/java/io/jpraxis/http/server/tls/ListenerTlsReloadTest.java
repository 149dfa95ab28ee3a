package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.served;
import static io.jpraxis.http.server.tls.TlsClients.tls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.TestPki;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ListenerTls#reload()}: new handshakes get the new files, open connections keep theirs, a
 * bad file changes nothing.
 */
@Timeout(60)
class ListenerTlsReloadTest {
    @TempDir
    Path dir;

    @Test
    void newConnectionsGetTheNewCertificateAndOpenOnesKeepWorking() throws IOException {
        TestPki pki = TestPki.create(dir.resolve("pki"));
        TestPki.Authority ca = pki.rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued first = ca.server("first").dns("localhost").issue();
        TestPki.Issued second = ca.server("second").dns("localhost").issue();
        Path certPath = dir.resolve("served.pem");
        Path keyPath = dir.resolve("served.key");
        install(first, certPath, keyPath);
        TestPki.Issued served = new TestPki.Issued(certPath, keyPath, first.certificate(), first.keyPair());
        try (TestGateway gateway = TestGateway.builder().tls(tls(cert(served, false)))
                .filter(TestFilters.respond(200, "text/plain", "ok")).start();
                SSLSocket old = connect(ca, gateway)) {
            assertThat(keepAliveGet(old)).isEqualTo("ok");
            ListenerTls tls = gateway.gateway().listenerTls("main").orElseThrow();

            install(second, certPath, keyPath);
            tls.reload();

            try (SSLSocket fresh = connect(ca, gateway)) {
                assertThat(served(fresh)).as("a new handshake after the reload").isEqualTo(second.certificate());
            }
            assertThat(served(old)).isEqualTo(first.certificate());
            assertThat(keepAliveGet(old)).as("the open connection keeps serving").isEqualTo("ok");

            Files.copy(pki.unrelatedKey("stray", TestPki.KeyType.EC, TestPki.KeyFormat.PKCS8), keyPath,
                    StandardCopyOption.REPLACE_EXISTING);
            assertThatThrownBy(tls::reload).as("a key that does not match")
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(keyPath.toString());
            try (SSLSocket fresh = connect(ca, gateway)) {
                assertThat(served(fresh)).as("the last good material stays").isEqualTo(second.certificate());
            }
        }
    }

    private static SSLSocket connect(TestPki.Authority ca, TestGateway gateway) throws IOException {
        return TlsClients.handshake(TlsClients.context(ca.certificate(), null), gateway.port(), null);
    }

    private static void install(TestPki.Issued issued, Path certPath, Path keyPath) throws IOException {
        Files.copy(issued.certPath(), certPath, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(issued.keyPath(), keyPath, StandardCopyOption.REPLACE_EXISTING);
    }

    /** One keep-alive request; the body of its response (which has a Content-Length). */
    private static String keepAliveGet(SSLSocket socket) throws IOException {
        socket.getOutputStream().write("GET / HTTP/1.1\r\nhost: test\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed in the response head");
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.US_ASCII).toLowerCase(java.util.Locale.ROOT);
        int at = text.indexOf("content-length:");
        int length = Integer.parseInt(text.substring(at + 15, text.indexOf("\r\n", at)).trim());
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
