package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.tls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.CipherSuite;
import io.jpraxis.config.model.ListenerTlsConfig.TlsVersion;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.TestPki;
import io.netty.handler.ssl.OpenSsl;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code min_version} and {@code cipher_suites} as clients meet them. */
@Timeout(60)
class VersionsAndSuitesTest {
    @TempDir
    static Path dir;
    static TestPki.Authority ca;
    static TestPki.Issued server;

    @BeforeAll
    static void pki() {
        ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        server = ca.server("server").dns("localhost").issue();
    }

    private static TestGateway start(ListenerTlsConfig tls) {
        return TestGateway.builder().tls(tls).filter(TestFilters.respond(200, "text/plain", "ok")).start();
    }

    private static SSLSocket connect(TestGateway gateway, Consumer<SSLParameters> tune) throws IOException {
        return TlsClients.handshake(TlsClients.context(ca.certificate(), null), gateway.port(), null, tune);
    }

    private static String negotiated(TestGateway gateway, Consumer<SSLParameters> tune) throws IOException {
        try (SSLSocket socket = connect(gateway, tune)) {
            assertThat(TlsClients.get(socket, "/")).startsWith("HTTP/1.1 200");
            return socket.getSession().getCipherSuite();
        }
    }

    private static void assertRefused(TestGateway gateway, Consumer<SSLParameters> tune, String why) {
        assertThatThrownBy(() -> connect(gateway, tune).close()).as(why).isInstanceOf(SSLException.class);
    }

    @Test
    void aTls12OnlyClientIsRefusedUnderMinVersionTls13() throws IOException {
        try (TestGateway gateway = start(tls(TlsVersion.TLS13, List.of(), cert(server, false)))) {
            assertRefused(gateway, TlsClients.protocols("TLSv1.2"), "TLS 1.2 is not offered");
            TlsMetrics metrics = gateway.gateway().tlsMetrics();
            assertThat(Waits.until(() -> metrics.handshakes("main", HandshakeOutcome.PROTOCOL) == 1))
                    .as("counted as a protocol failure").isTrue();
            assertThat(Waits.until(() -> gateway.gateway().openConnections() == 0))
                    .as("the failed handshake leaves no connection").isTrue();
            try (SSLSocket socket = connect(gateway, TlsClients.protocols("TLSv1.3", "TLSv1.2"))) {
                assertThat(socket.getSession().getProtocol()).isEqualTo("TLSv1.3");
            }
        }
    }

    @Test
    void tls10And11AreNeverOffered() {
        try (TestGateway gateway = start(tls(cert(server, false)))) {
            assertRefused(gateway, TlsClients.protocols("TLSv1.1", "TLSv1"), "TLS 1.0 and 1.1");
        }
    }

    @Test
    void listedTls12SuitesAreTheOnlyOnesAndTheServerOrderDecides() throws IOException {
        ListenerTlsConfig tls = tls(TlsVersion.TLS12, List.of(CipherSuite.TLS12_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
                CipherSuite.TLS12_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256), cert(server, false));
        String pinned = System.clearProperty(TlsEngine.ENGINE_PROPERTY);
        try (TestGateway gateway = start(tls)) {
            assertThat(gateway.gateway().listenerTls("main").orElseThrow().engine())
                    .as("a TLS 1.2-only list stays on the native engine where it loads")
                    .isEqualTo(OpenSsl.isAvailable() ? TlsEngine.OPENSSL : TlsEngine.JDK);
            assertRefused(gateway, TlsClients.suites("TLSv1.2", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"),
                    "an unlisted suite");
            assertThat(negotiated(gateway, TlsClients.suites("TLSv1.2", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
                    "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"))).as("the listed order, not the client's")
                    .isEqualTo("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384");
            assertRefused(gateway, TlsClients.protocols("TLSv1.3"), "no TLS 1.3 suite listed: TLS 1.3 not offered");
        } finally {
            if (pinned != null) {
                System.setProperty(TlsEngine.ENGINE_PROPERTY, pinned);
            }
        }
    }

    @Test
    void listedTls13SuitesAreHonouredExactly() throws IOException {
        ListenerTlsConfig tls = tls(TlsVersion.TLS13, List.of(CipherSuite.TLS13_AES_256_GCM_SHA384,
                CipherSuite.TLS13_CHACHA20_POLY1305_SHA256), cert(server, false));
        try (TestGateway gateway = start(tls)) {
            assertThat(gateway.gateway().listenerTls("main").orElseThrow().engine())
                    .as("BoringSSL cannot restrict TLS 1.3 suites").isEqualTo(TlsEngine.JDK);
            assertRefused(gateway, TlsClients.suites("TLSv1.3", "TLS_AES_128_GCM_SHA256"), "an unlisted TLS 1.3 suite");
            assertThat(negotiated(gateway, TlsClients.suites("TLSv1.3", "TLS_CHACHA20_POLY1305_SHA256",
                    "TLS_AES_256_GCM_SHA384"))).isEqualTo("TLS_AES_256_GCM_SHA384");
        }
    }
}
