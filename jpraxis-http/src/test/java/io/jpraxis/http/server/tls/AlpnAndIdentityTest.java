package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.mtls;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import io.jpraxis.core.context.DownstreamTls;
import io.jpraxis.core.context.PeerCertificate;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.filters.observe.accesslog.AccessLogConfig;
import io.jpraxis.filters.observe.accesslog.AccessLogFilter;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.TestOrigin;
import io.jpraxis.testkit.TestPki;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * ALPN choosing HTTP/2 or HTTP/1.1 on a TLS listener, what a filter learns of the handshake, the
 * scheme the origin is told, and session resumption.
 */
@Timeout(60)
class AlpnAndIdentityTest {
    @TempDir
    static Path dir;
    static TestPki.Authority ca;
    static TestPki.Issued client;
    static TestOrigin origin;
    static TestGateway gateway;
    static final AtomicReference<DownstreamTls> seen = new AtomicReference<>();
    static final AtomicReference<String> scheme = new AtomicReference<>();
    static final Logger accessLogger = (Logger) LoggerFactory.getLogger(AccessLogFilter.LOGGER);
    static final ListAppender<ILoggingEvent> accessLines = new ListAppender<>();

    @BeforeAll
    static void start() {
        ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued server = ca.server("server").dns("localhost").issue();
        client = ca.client("billing").subject("CN=billing,O=Example Org,C=DE").uri("spiffe://example.org/billing")
                .dns("billing.internal").issue();
        origin = TestOrigin.start("o");
        accessLines.start();
        accessLogger.setLevel(Level.INFO);
        accessLogger.setAdditive(false);
        accessLogger.addAppender(accessLines);
        gateway = TestGateway.builder()
                .tls(mtls(cert(server, false), ClientCertMode.REQUEST, ca.certPath(), List.of(), List.of()))
                .filter(new AccessLogFilter(new AccessLogConfig(1.0)))
                .filter(TestFilters.onRequest("capture", ctx -> {
                    seen.set(ctx.downstreamTls());
                    scheme.set(ctx.scheme());
                    return FilterAction.CONTINUE;
                }))
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
    }

    @AfterAll
    static void stop() {
        accessLogger.detachAppender(accessLines);
        accessLogger.setAdditive(true);
        accessLogger.setLevel(null);
        gateway.close();
        origin.close();
    }

    @Test
    void anHttpsClientGetsHttp2AndTheFilterSeesTheClientCertificate() throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .sslContext(TlsClients.context(ca.certificate(), client)).connectTimeout(Duration.ofSeconds(10))
                .build();
        URI uri = URI.create("https://localhost:" + gateway.port() + "/who");
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.version()).as("ALPN h2").isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(EchoResponse.parse(response.body()).header("x-forwarded-proto")).isEqualTo("https");
        DownstreamTls tls = seen.get();
        assertThat(scheme.get()).isEqualTo("https");
        assertThat(tls.applicationProtocol()).isEqualTo("h2");
        assertThat(tls.protocol()).isEqualTo("TLSv1.3");
        assertThat(tls.cipherSuite()).startsWith("TLS_");
        PeerCertificate peer = tls.peerCertificate();
        assertThat(peer.subject()).isEqualTo("CN=billing,O=Example Org,C=DE");
        assertThat(peer.organization()).isEqualTo("Example Org");
        assertThat(peer.uriSans()).containsExactly("spiffe://example.org/billing");
        assertThat(peer.dnsSans()).containsExactly("billing.internal");
        assertThat(peer.serialNumberHex()).isEqualTo(client.serial().toString(16));
        assertThat(peer.sha256Hex()).isEqualTo(HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest(client.certificate().getEncoded())));
        assertThat(Waits.until(() -> accessLine("/who") != null)).as("the exchange's access line").isTrue();
        JsonNode line = accessLine("/who");
        assertThat(line.get("scheme").asText()).isEqualTo("https");
        assertThat(line.get("tls").asText()).isEqualTo("TLSv1.3");
        assertThat(line.get("client_cert").asBoolean()).isTrue();
    }

    private static JsonNode accessLine(String path) {
        for (ILoggingEvent event : List.copyOf(accessLines.list)) {
            try {
                JsonNode line = new ObjectMapper().readTree(event.getFormattedMessage());
                if (path.equals(line.get("path").asText())) {
                    return line;
                }
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        }
        return null;
    }

    @Test
    void aClientWithoutAlpnSpeaksHttp1() throws IOException {
        try (SSLSocket socket = TlsClients.handshake(TlsClients.context(ca.certificate(), null), gateway.port(),
                "api.example.com")) {
            String response = TlsClients.get(socket, "/plain");

            assertThat(response).startsWith("HTTP/1.1 200");
            assertThat(response).contains("\"x-forwarded-proto\"");
            assertThat(seen.get().applicationProtocol()).as("no ALPN offered").isNull();
            assertThat(seen.get().serverName()).isEqualTo("api.example.com");
            assertThat(seen.get().peerCertificate()).isNull();
        }
    }

    @Test
    void aSecondConnectionResumesTheSession() throws IOException {
        SSLContext context = TlsClients.context(ca.certificate(), null);
        long first;
        try (SSLSocket socket = TlsClients.handshake(context, gateway.port(), null)) {
            assertThat(TlsClients.get(socket, "/1")).startsWith("HTTP/1.1 200"); // reads the TLS 1.3 ticket
            first = socket.getSession().getCreationTime();
        }
        try (SSLSocket socket = TlsClients.handshake(context, gateway.port(), null)) {
            assertThat(socket.getSession().getCreationTime()).as("the resumed session, not a new one")
                    .isEqualTo(first);
            assertThat(TlsClients.get(socket, "/2")).startsWith("HTTP/1.1 200");
        }
    }
}
