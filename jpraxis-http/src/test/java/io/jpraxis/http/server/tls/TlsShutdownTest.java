package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.tls;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.TestPki;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A graceful stop closes TLS connections like cleartext ones: idle ones and ones still handshaking. */
@Timeout(60)
class TlsShutdownTest {
    @TempDir
    Path dir;

    @Test
    void stopClosesIdleAndHandshakingTlsConnections() throws IOException {
        TestPki.Authority ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued server = ca.server("server").dns("localhost").issue();
        TestGateway gateway = TestGateway.builder().tls(tls(cert(server, false)))
                .filter(TestFilters.respond(200, "text/plain", "ok")).start();
        try (SSLSocket idle = TlsClients.handshake(TlsClients.context(ca.certificate(), null), gateway.port(), null);
                Socket silent = new Socket("127.0.0.1", gateway.port())) {
            idle.getOutputStream().write("GET / HTTP/1.1\r\nhost: test\r\n\r\n".getBytes());
            idle.getOutputStream().flush();
            assertThat(new String(idle.getInputStream().readNBytes(15))).isEqualTo("HTTP/1.1 200 OK");
            assertThat(Waits.until(() -> gateway.gateway().openConnections() == 2))
                    .as("the silent socket is admitted while its hello is awaited").isTrue();

            gateway.gateway().stop(Duration.ofSeconds(5));

            assertThat(gateway.gateway().openConnections()).isZero();
            silent.setSoTimeout(5_000);
            assertThat(silent.getInputStream().read()).as("closed without a handshake").isEqualTo(-1);
        }
    }
}
