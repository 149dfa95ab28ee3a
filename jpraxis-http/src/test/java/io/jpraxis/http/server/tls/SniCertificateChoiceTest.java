package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.served;
import static io.jpraxis.http.server.tls.TlsClients.tls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.TestPki;
import java.io.IOException;
import java.nio.file.Path;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Which certificate a listener with several serves for a client's SNI, over real handshakes. */
@Timeout(60)
class SniCertificateChoiceTest {
    @TempDir
    static Path dir;
    static TestPki.Authority ca;
    static TestPki.Issued exact;
    static TestPki.Issued wildcard;
    static TestPki.Issued fallback;

    @BeforeAll
    static void pki() {
        ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        exact = ca.server("exact").dns("a.example.com").issue();
        wildcard = ca.server("wildcard").dns("*.example.com").issue();
        fallback = ca.server("fallback").dns("fallback.test").issue();
    }

    /**
     * A fresh client for every connection: the JDK client resumes a cached session for the same
     * address with that session's SNI, whatever SNI it is asked to send.
     */
    private static SSLSocket handshake(int port, String sni) throws IOException {
        return TlsClients.handshake(TlsClients.context(ca.certificate(), null), port, sni);
    }

    private static TestGateway gateway(boolean withDefault) {
        return TestGateway.builder()
                .tls(withDefault
                        ? tls(cert(exact, false, "a.example.com"), cert(wildcard, false, "*.example.com"),
                                cert(fallback, true))
                        : tls(cert(exact, false, "a.example.com"), cert(wildcard, false, "*.example.com")))
                .filter(TestFilters.respond(200, "text/plain", "ok")).start();
    }

    @Test
    void exactNameWinsOverAMatchingWildcard() throws IOException {
        try (TestGateway gateway = gateway(true); SSLSocket socket = handshake(gateway.port(), "A.Example.COM")) {
            assertThat(served(socket)).as("exact entry, matched case-insensitively").isEqualTo(exact.certificate());
            assertThat(TlsClients.get(socket, "/")).startsWith("HTTP/1.1 200");
        }
    }

    @Test
    void wildcardCoversOneLabelOnly() throws IOException {
        try (TestGateway gateway = gateway(true)) {
            try (SSLSocket socket = handshake(gateway.port(), "b.example.com")) {
                assertThat(served(socket)).isEqualTo(wildcard.certificate());
            }
            try (SSLSocket socket = handshake(gateway.port(), "x.b.example.com")) {
                assertThat(served(socket)).as("two labels deep: the default").isEqualTo(fallback.certificate());
            }
            try (SSLSocket socket = handshake(gateway.port(), "example.com")) {
                assertThat(served(socket)).as("the bare suffix: the default").isEqualTo(fallback.certificate());
            }
        }
    }

    @Test
    void unmatchedOrAbsentSniGetsTheDefault() throws IOException {
        try (TestGateway gateway = gateway(true)) {
            try (SSLSocket socket = handshake(gateway.port(), "other.org")) {
                assertThat(served(socket)).isEqualTo(fallback.certificate());
            }
            try (SSLSocket socket = handshake(gateway.port(), null)) {
                assertThat(served(socket)).as("no SNI").isEqualTo(fallback.certificate());
            }
        }
    }

    @Test
    void withoutDefaultAnUnmatchedNameFailsTheHandshakeAndLeavesNoConnection() {
        try (TestGateway gateway = gateway(false)) {
            assertThatThrownBy(() -> handshake(gateway.port(), "other.org")).isInstanceOf(SSLException.class);
            assertThatThrownBy(() -> handshake(gateway.port(), null)).as("no SNI")
                    .isInstanceOf(SSLException.class);
            TlsMetrics metrics = gateway.gateway().tlsMetrics();
            assertThat(Waits.until(() -> metrics.handshakes("main", HandshakeOutcome.NO_CERTIFICATE) == 2))
                    .as("both refusals counted as no_certificate").isTrue();
            assertThat(Waits.until(() -> gateway.gateway().openConnections() == 0))
                    .as("the refused connections are closed").isTrue();
        }
    }

    @Test
    void aSingleCertificateIsServedWhateverTheSni() throws IOException {
        try (TestGateway gateway = TestGateway.builder().tls(tls(cert(exact, false, "a.example.com")))
                .filter(TestFilters.respond(200, "text/plain", "ok")).start();
                SSLSocket socket = handshake(gateway.port(), "unrelated.org")) {
            assertThat(served(socket)).isEqualTo(exact.certificate());
            assertThat(TlsClients.get(socket, "/")).startsWith("HTTP/1.1 200");
            assertThat(gateway.gateway().tlsMetrics().handshakes("main", HandshakeOutcome.OK)).isEqualTo(1);
        }
    }
}
