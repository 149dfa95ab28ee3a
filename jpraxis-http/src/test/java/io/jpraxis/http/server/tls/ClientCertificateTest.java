package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.mtls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import io.jpraxis.core.context.DownstreamTls;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.TestPki;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Client certificate modes, CRLs and the X.509-SVID check over real mutual-TLS handshakes, on both
 * engines (BoringSSL calls back into the same verifier as the JDK engine).
 */
@Timeout(60)
class ClientCertificateTest {
    static final String ALLOWED_ID = "spiffe://example.org/ns/prod/sa/billing";
    @TempDir
    static Path dir;
    static TestPki.Authority ca;
    static TestPki.Issued server;
    static TestPki.Issued plain;
    static TestPki.Issued revoked;
    static TestPki.Issued allowed;
    static TestPki.Issued otherId;
    static TestPki.Issued foreign;
    static Path crl;

    final AtomicInteger requests = new AtomicInteger();
    final AtomicReference<DownstreamTls> seen = new AtomicReference<>();
    TestGateway gateway;

    @BeforeAll
    static void pki() {
        TestPki pki = TestPki.create(dir);
        ca = pki.rootCa("ca", TestPki.KeyType.EC);
        server = ca.server("server").dns("localhost").issue();
        plain = ca.client("plain").issue();
        revoked = ca.client("revoked").issue();
        allowed = ca.client("allowed").uri(ALLOWED_ID).issue();
        otherId = ca.client("other-id").uri("spiffe://example.org/ns/prod/sa/other").issue();
        foreign = pki.rootCa("other-ca", TestPki.KeyType.EC).client("foreign").uri(ALLOWED_ID).issue();
        crl = ca.crl("revocations", revoked.serial());
    }

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
        System.clearProperty(TlsEngine.ENGINE_PROPERTY);
    }

    private int start(TlsEngine engine, ListenerTlsConfig tls) {
        System.setProperty(TlsEngine.ENGINE_PROPERTY, engine.label());
        LocalResponse ok = new LocalResponse(200, new HeaderMap().set("content-type", "text/plain"), new byte[0]);
        gateway = TestGateway.builder().tls(tls).filter(TestFilters.onRequest("capture", ctx -> {
            requests.incrementAndGet();
            seen.set(ctx.downstreamTls());
            return new FilterAction.Respond(ok);
        })).start();
        assertThat(gateway.gateway().listenerTls("main").orElseThrow().engine()).isEqualTo(engine);
        return gateway.port();
    }

    private int start(TlsEngine engine, ClientCertMode mode, List<String> trustedIds) {
        return start(engine, mtls(cert(server, false), mode, ca.certPath(), List.of(crl), trustedIds));
    }

    private static String get(int port, TestPki.Issued client) throws IOException {
        try (SSLSocket socket = TlsClients.handshake(TlsClients.context(ca.certificate(), client), port, null)) {
            return TlsClients.get(socket, "/");
        }
    }

    /**
     * The connection ends without a response. Under TLS 1.3 the client's handshake may finish
     * before the server has judged its certificate, so the refusal can surface on the first read.
     */
    private void assertRefused(int port, TestPki.Issued client, String why) {
        String response;
        try {
            response = get(port, client);
        } catch (IOException e) {
            response = "";
        }
        assertThat(response).as(why).doesNotStartWith("HTTP/1.1");
        assertThat(requests).as("no request reached the filters: " + why).hasValue(0);
        TlsMetrics metrics = gateway.gateway().tlsMetrics();
        assertThat(Waits.until(() -> metrics.handshakes("main", HandshakeOutcome.CLIENT_CERTIFICATE) == 1))
                .as("counted as a client_certificate failure: " + why).isTrue();
        assertThat(Waits.until(() -> gateway.gateway().openConnections() == 0)).as("no connection left").isTrue();
    }

    @ParameterizedTest
    @EnumSource(TlsEngine.class)
    void requestLetsAClientWithoutCertificateThrough(TlsEngine engine) throws IOException {
        int port = start(engine, ClientCertMode.REQUEST, List.of());

        assertThat(get(port, null)).startsWith("HTTP/1.1 200");
        assertThat(seen.get().peerCertificate()).as("nothing presented, nothing verified").isNull();
        assertThat(get(port, plain)).startsWith("HTTP/1.1 200");
        assertThat(seen.get().peerCertificate()).isNotNull();
        assertThat(seen.get().peerCertificate().sha256Hex()).hasSize(64);
    }

    @ParameterizedTest
    @EnumSource(TlsEngine.class)
    void requestRefusesACertificateFromAnotherCa(TlsEngine engine) {
        assertRefused(start(engine, ClientCertMode.REQUEST, List.of()), foreign, "unknown issuer");
    }

    @ParameterizedTest
    @EnumSource(TlsEngine.class)
    void requireRefusesAClientWithoutCertificate(TlsEngine engine) throws IOException {
        int port = start(engine, ClientCertMode.REQUIRE, List.of());

        assertRefused(port, null, "no certificate");
        assertThat(get(port, plain)).startsWith("HTTP/1.1 200");
    }

    @ParameterizedTest
    @EnumSource(TlsEngine.class)
    void aRevokedCertificateIsRefused(TlsEngine engine) throws IOException {
        int port = start(engine, ClientCertMode.REQUIRE, List.of());

        assertRefused(port, revoked, "listed in the CRL");
        assertThat(get(port, plain)).as("one not listed passes").startsWith("HTTP/1.1 200");
    }

    @ParameterizedTest
    @EnumSource(TlsEngine.class)
    void aRevokedCertificateIsRefusedEvenWhenTheCrlIsStale(TlsEngine engine) throws IOException {
        Instant now = Instant.now();
        Path stale = ca.crl("stale", now.minus(Duration.ofDays(10)), now.minus(Duration.ofDays(3)), revoked.serial());
        int port = start(engine, mtls(cert(server, false), ClientCertMode.REQUIRE, ca.certPath(), List.of(stale),
                List.of()));

        assertRefused(port, revoked, "listed in a CRL past its nextUpdate");
        assertThat(get(port, plain)).as("one not listed passes").startsWith("HTTP/1.1 200");
    }

    @Test
    void aCrlNoClientCaSignedIsRefusedAtBuildNamingTheFile() {
        Path foreignCrl = TestPki.create(dir.resolve("crl-other")).rootCa("crl-other", TestPki.KeyType.EC)
                .crl("foreign", revoked.serial());
        ListenerTlsConfig tls = mtls(cert(server, false), ClientCertMode.REQUIRE, ca.certPath(), List.of(foreignCrl),
                List.of());

        assertThatThrownBy(() -> ListenerTls.build("main", tls, new TlsMetrics(new SimpleMeterRegistry())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(foreignCrl.toString())
                .hasMessageContaining("not signed by any client_ca certificate");
    }

    @ParameterizedTest
    @EnumSource(TlsEngine.class)
    void requireNamedAcceptsAnAllowedSpiffeId(TlsEngine engine) throws IOException {
        int port = start(engine, ClientCertMode.REQUIRE_NAMED, List.of(ALLOWED_ID));

        assertThat(get(port, allowed)).startsWith("HTTP/1.1 200");
        assertThat(seen.get().peerCertificate().uriSans()).containsExactly(ALLOWED_ID);
    }

    @ParameterizedTest
    @EnumSource(TlsEngine.class)
    void requireNamedRefusesAnotherSpiffeId(TlsEngine engine) {
        assertRefused(start(engine, ClientCertMode.REQUIRE_NAMED, List.of(ALLOWED_ID)), otherId,
                "not in trusted_spiffe_ids");
    }

    @ParameterizedTest
    @EnumSource(TlsEngine.class)
    void requireNamedRefusesACertificateWithoutUriSan(TlsEngine engine) {
        assertRefused(start(engine, ClientCertMode.REQUIRE_NAMED, List.of()), plain, "no SPIFFE ID");
    }

    @ParameterizedTest
    @EnumSource(TlsEngine.class)
    void requireNamedWithoutAllowlistTakesAnyValidSvidOfTheCa(TlsEngine engine) throws IOException {
        int port = start(engine, ClientCertMode.REQUIRE_NAMED, List.of());

        assertThat(get(port, otherId)).startsWith("HTTP/1.1 200");
    }
}
