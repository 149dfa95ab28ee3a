package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.tls;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.TestPki;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A client that leaves before its handshake ends is counted as {@code closed}, once. */
@Timeout(60)
class HandshakeCountTest {
    @TempDir
    Path dir;

    @Test
    void aClientLeavingBeforeOrDuringItsHelloCountsAsClosed() throws Exception {
        TestPki.Authority ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued server = ca.server("server").dns("localhost").issue();
        try (TestGateway gateway = TestGateway.builder().tls(tls(cert(server, false)))
                .filter(TestFilters.respond(200, "text/plain", "ok")).start()) {
            TlsMetrics metrics = gateway.gateway().tlsMetrics();
            try (Socket silent = new Socket("127.0.0.1", gateway.port())) {
                assertThat(Waits.until(() -> gateway.gateway().openConnections() == 1)).isTrue();
            }
            assertThat(Waits.until(() -> metrics.handshakes("main", HandshakeOutcome.CLOSED) == 1))
                    .as("connected and left without a byte").isTrue();

            try (Socket partial = new Socket("127.0.0.1", gateway.port())) {
                OutputStream out = partial.getOutputStream();
                // The start of a TLS record holding a ClientHello of 512 bytes, then nothing more.
                out.write(new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc, 0x03, 0x03});
                out.flush();
                assertThat(Waits.until(() -> gateway.gateway().openConnections() == 1)).isTrue();
            }
            assertThat(Waits.until(() -> metrics.handshakes("main", HandshakeOutcome.CLOSED) == 2))
                    .as("left in the middle of its hello").isTrue();
            assertThat(Waits.until(() -> gateway.gateway().openConnections() == 0)).isTrue();
            assertThat(metrics.handshakes("main", HandshakeOutcome.PROTOCOL)).isZero();
            assertThat(metrics.handshakes("main", HandshakeOutcome.OK)).isZero();
        }
    }
}
