package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.server.tls.ReloadDelays;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.TestPki;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Certificate reload on a real TLS listener (see docs/behaviour/certificate-reload.md): the
 * listener's files are replaced on disk and real JDK TLS clients see which certificate each new
 * handshake gets, while a connection opened before keeps working.
 */
@Timeout(30)
class CertificateReloadTest {
    /** Short delays so a reload and a retry take milliseconds; the backoff still doubles. */
    private static final ReloadDelays FAST =
            new ReloadDelays(Duration.ofMillis(50), Duration.ofMillis(50), Duration.ofMillis(400));

    @TempDir
    Path dir;
    private TestPki pki;
    private TestPki.Authority ca;
    private TestPki.Issued first;
    private TestPki.Issued second;
    private Path live;
    private Path cert;
    private Path key;
    private SSLContext client;
    private final MeterRegistry meters = new SimpleMeterRegistry();
    private HttpGateway gateway;

    @BeforeEach
    void pki() throws IOException {
        pki = TestPki.create(dir.resolve("pki"));
        ca = pki.rootCa("reload-ca", TestPki.KeyType.EC);
        first = ca.server("first").dns("localhost").ip("127.0.0.1").issue();
        second = ca.server("second").dns("localhost").ip("127.0.0.1").issue();
        // Laid out as a Kubernetes secret volume: the names the config uses link through ..data.
        live = Files.createDirectories(dir.resolve("live"));
        writeVersion("..v1", first);
        Files.createSymbolicLink(live.resolve("..data"), Path.of("..v1"));
        cert = Files.createSymbolicLink(live.resolve("tls.crt"), Path.of("..data/tls.crt"));
        key = Files.createSymbolicLink(live.resolve("tls.key"), Path.of("..data/tls.key"));
        client = trusting(ca.certificate());
    }

    private void writeVersion(String version, TestPki.Issued pair) throws IOException {
        Path folder = Files.createDirectories(live.resolve(version));
        Files.copy(pair.certPath(), folder.resolve("tls.crt"));
        Files.copy(pair.keyPath(), folder.resolve("tls.key"));
    }

    /** What the kubelet does on a secret update: both files change in one rename. */
    private void swapTo(String version, TestPki.Issued pair) throws IOException {
        writeVersion(version, pair);
        Path next = Files.createSymbolicLink(live.resolve("..data_tmp"), Path.of(version));
        Files.move(next, live.resolve("..data"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.stop(Duration.ofSeconds(2));
        }
    }

    private int start(Boolean hotReload) {
        ListenerTlsConfig tls = new ListenerTlsConfig(
                List.of(new Certificate(cert.toString(), key.toString(), List.of(), false)),
                ListenerTlsConfig.TlsVersion.TLS12, List.of(), null, ListenerTlsConfig.ClientCertMode.NONE, List.of(),
                hotReload, SourceRef.synthetic("tls"));
        var compiled = TestGateway.builder().filter(TestFilters.respond(200, "text/plain", "ok")).tls(tls).compile();
        RuntimeServices services = new RuntimeServices(Clock.systemUTC(), RandomGenerator.of("L64X128MixRandom"),
                IdGenerator.sequential("req"));
        gateway = new HttpGateway(compiled, services, Transport.select(), meters).certificateReloadDelays(FAST).start();
        return gateway.port("main");
    }

    /**
     * Writes a new pair the way an operator's {@code cp} would (replacing the links with files): the
     * key first, then the chain.
     */
    private void replaceWith(Path newCert, Path newKey) throws IOException {
        Files.copy(newKey, key, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(newCert, cert, StandardCopyOption.REPLACE_EXISTING);
    }

    private double reloads(String outcome) {
        Counter counter = meters.find("jpraxis.tls.certificate_reloads").tag("listener", "main")
                .tag("outcome", outcome).counter();
        return counter == null ? 0 : counter.count();
    }

    /** Opens new connections until one is served {@code expected}; false after 10 s. */
    private boolean newConnectionsServe(int port, X509Certificate expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            try (TlsConnection probe = TlsConnection.open(client, port)) {
                if (probe.served().equals(expected)) {
                    return true;
                }
            }
            Thread.sleep(20);
        }
        return false;
    }

    private boolean eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return condition.getAsBoolean();
    }

    @Test
    void aNewConnectionGetsTheNewCertificateWhileAnOpenOneKeepsItsSession() throws Exception {
        int port = start(null);
        try (TlsConnection before = TlsConnection.open(client, port)) {
            assertThat(before.served()).isEqualTo(first.certificate());
            assertThat(before.get("/")).isEqualTo(200);

            swapTo("..v2", second);

            assertThat(newConnectionsServe(port, second.certificate())).as("a new handshake after the reload").isTrue();
            assertThat(before.get("/again")).as("the connection opened before still serves requests").isEqualTo(200);
            assertThat(before.served()).as("on the session it negotiated").isEqualTo(first.certificate());
        }
        assertThat(eventually(() -> reloads("success") >= 1)).isTrue();
        assertThat(reloads("failure")).isZero();
        var expiry = meters.find("jpraxis.tls.certificate_expiry").tag("listener", "main").gauge();
        assertThat(expiry.value()).isEqualTo(second.certificate().getNotAfter().toInstant().getEpochSecond());
    }

    @Test
    void aMismatchedKeyKeepsTheLastGoodCertificateUntilTheFilesAreFixed() throws Exception {
        int port = start(null);

        replaceWith(second.certPath(), pki.unrelatedKey("stray", TestPki.KeyType.EC, TestPki.KeyFormat.PKCS8));

        assertThat(eventually(() -> reloads("failure") >= 1)).as("the failed reload is counted").isTrue();
        try (TlsConnection after = TlsConnection.open(client, port)) {
            assertThat(after.served()).as("the last good certificate stays").isEqualTo(first.certificate());
            assertThat(after.get("/")).isEqualTo(200);
        }
        assertThat(eventually(() -> reloads("failure") >= 2)).as("retried on a timer while the key is wrong")
                .isTrue();

        Files.copy(second.keyPath(), key, StandardCopyOption.REPLACE_EXISTING);

        assertThat(newConnectionsServe(port, second.certificate())).as("the retry picks up the fixed pair").isTrue();
        assertThat(eventually(() -> reloads("success") == 1)).isTrue();
    }

    @Test
    void hotReloadFalseKeepsTheCertificateLoadedAtStart() throws Exception {
        int port = start(false);

        replaceWith(second.certPath(), second.keyPath());
        // Ten times the first delay: a watched listener would have reloaded well within it.
        Thread.sleep(FAST.first().toMillis() * 10);

        try (TlsConnection after = TlsConnection.open(client, port)) {
            assertThat(after.served()).isEqualTo(first.certificate());
        }
        assertThat(meters.find("jpraxis.tls.certificate_reloads").counters()).as("nothing watched, nothing counted")
                .isEmpty();
    }

    private static SSLContext trusting(X509Certificate root) {
        try {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("ca", root);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One HTTP/1.1 connection over TLS (SNI {@code localhost}); a new instance is a new handshake. */
    private static final class TlsConnection implements AutoCloseable {
        private final SSLSocket socket;

        private TlsConnection(SSLSocket socket) {
            this.socket = socket;
        }

        static TlsConnection open(SSLContext context, int port) throws IOException {
            SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setServerNames(List.of(new SNIHostName("localhost")));
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            socket.setSSLParameters(parameters);
            socket.setSoTimeout(5_000);
            socket.startHandshake();
            return new TlsConnection(socket);
        }

        X509Certificate served() throws IOException {
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        }

        /** Sends a GET on this connection and reads the whole response; returns its status. */
        int get(String path) throws IOException {
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            int length = 0;
            for (String line : head.split("\r\n")) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
                }
            }
            in.readNBytes(length);
            return Integer.parseInt(head.split(" ", 3)[1]);
        }

        private static String readHead(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("connection closed in the response head: " + head);
                }
                head.write(b);
                matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            return head.toString(StandardCharsets.US_ASCII);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
