package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.tls;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.TestPki;
import java.net.Socket;
import java.nio.file.Path;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keep-alive idle timeout starts once the TLS handshake has succeeded: a handshake has its own
 * budget, so a client slower to say hello than the keep-alive timeout still gets its request served.
 */
@Timeout(60)
class TlsHandshakeIdleTest {
    /** The smallest the gateway allows: it rounds the timeout up to whole seconds. */
    private static final long KEEPALIVE_MS = 1_000;

    @TempDir
    Path dir;

    @Test
    void aHelloLaterThanTheKeepAliveTimeoutStillHandshakesThenIdlesOut() throws Exception {
        TestPki.Authority ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued server = ca.server("server").dns("localhost").issue();
        try (TestGateway gateway = TestGateway.builder().tls(tls(cert(server, false))).keepAliveTimeoutMs(KEEPALIVE_MS)
                .filter(TestFilters.respond(200, "text/plain", "ok")).start();
                Socket raw = new Socket("127.0.0.1", gateway.port())) {
            Thread.sleep(KEEPALIVE_MS + 500); // connected, no ClientHello yet: past the keep-alive timeout

            SSLSocket socket = (SSLSocket) TlsClients.context(ca.certificate(), null).getSocketFactory()
                    .createSocket(raw, "localhost", gateway.port(), true);
            socket.setSoTimeout(10_000);
            socket.startHandshake();
            socket.getOutputStream().write("GET / HTTP/1.1\r\nhost: test\r\n\r\n".getBytes());
            socket.getOutputStream().flush();
            assertThat(new String(socket.getInputStream().readNBytes(15))).isEqualTo("HTTP/1.1 200 OK");

            TlsMetrics metrics = gateway.gateway().tlsMetrics();
            assertThat(metrics.handshakes("main", HandshakeOutcome.OK)).isEqualTo(1);
            assertThat(metrics.handshakes("main", HandshakeOutcome.CLOSED)).isZero();
            assertThat(Waits.until(() -> gateway.gateway().openConnections() == 0))
                    .as("after the handshake the keep-alive timeout applies again").isTrue();
        }
    }
}
