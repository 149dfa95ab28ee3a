package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import io.jpraxis.config.model.ListenerTlsConfig.TlsVersion;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.server.tls.HandshakeOutcome;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.TestPki;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a TLS listener two deadlines guard a connection before its first request is read (see
 * docs/behaviour/tls-connections.md#handshake and docs/behaviour/limits.md#the-limits-table): the
 * handshake, hello included, has one total budget, and then the request head its own, counted from
 * its first byte. Neither is an idle timer: bytes that keep arriving do not extend them. The tests
 * shorten both through the gateway's internal settings (both are 60 s otherwise).
 */
@Timeout(30)
class TlsHandshakeTimeoutTest {
    private static final long HANDSHAKE_TIMEOUT_MS = 300;
    private static final long HEADER_TIMEOUT_MS = 600;

    @TempDir
    Path dir;
    private TestPki.Authority ca;
    private HttpGateway gateway;
    private int port;

    @BeforeEach
    void start() {
        ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued server = ca.server("server").dns("localhost").issue();
        ListenerTlsConfig tls = new ListenerTlsConfig(List.of(new ListenerTlsConfig.Certificate(
                server.certPath().toString(), server.keyPath().toString(), List.of(), false)), TlsVersion.TLS12,
                List.of(), null, ClientCertMode.NONE, List.of(), null, SourceRef.synthetic("tls"));
        RuntimeServices services = new RuntimeServices(Clock.systemUTC(), RandomGenerator.of("L64X128MixRandom"),
                IdGenerator.sequential("req"));
        // A keep-alive timeout longer than both deadlines, so only they can close the connections.
        gateway = new HttpGateway(TestGateway.builder().tls(tls).keepAliveTimeoutMs(20_000L)
                .filter(TestFilters.respond(200, "text/plain", "ok")).compile(), services, Transport.select())
                .tlsHandshakeTimeoutMs(HANDSHAKE_TIMEOUT_MS).headerReadTimeoutMs(HEADER_TIMEOUT_MS).start();
        port = gateway.port("main");
    }

    @AfterEach
    void stop() {
        gateway.stop(Duration.ofSeconds(1));
    }

    @Test
    void aClientThatNeverSaysHelloIsClosedAfterTheHandshakeTimeout() throws Exception {
        try (Socket raw = new Socket(InetAddress.getLoopbackAddress(), port)) {
            raw.setSoTimeout(10_000);
            long started = System.nanoTime();
            int first = raw.getInputStream().read();
            long waitedMs = Duration.ofNanos(System.nanoTime() - started).toMillis();
            assertThat(first).as("the gateway closes the silent connection without sending anything").isEqualTo(-1);
            assertThat(waitedMs).as("not before the handshake timeout").isGreaterThanOrEqualTo(HANDSHAKE_TIMEOUT_MS - 50);
            assertThat(waitedMs).as("and not long after it (the keep-alive timeout is 20 s)").isLessThan(5_000);
        }
        assertThat(Waits.until(() -> gateway.tlsMetrics().handshakes("main", HandshakeOutcome.TIMEOUT) == 1))
                .as("counted as a handshake timeout, not as a client that left").isTrue();
        assertThat(gateway.tlsMetrics().handshakes("main", HandshakeOutcome.CLOSED)).isZero();
    }

    @Test
    void aHelloTrickledByteByByteIsStillCutAtTheHandshakeTimeout() throws Exception {
        // A TLS record header announcing a 512-byte handshake record, then one byte of it every 40 ms.
        byte[] start = {0x16, 0x03, 0x01, 0x02, 0x00, 0x01};
        try (Socket raw = new Socket(InetAddress.getLoopbackAddress(), port)) {
            raw.setSoTimeout(10_000);
            raw.getOutputStream().write(start);
            AtomicInteger sent = new AtomicInteger();
            Thread trickler = trickle(raw.getOutputStream(), sent, 40);
            long started = System.nanoTime();
            int first = raw.getInputStream().read();
            long waitedMs = Duration.ofNanos(System.nanoTime() - started).toMillis();
            trickler.interrupt();
            assertThat(first).as("the connection closes without an answer").isEqualTo(-1);
            assertThat(waitedMs).as("the hello bytes do not extend the handshake timeout").isLessThan(5_000);
            assertThat(sent.get()).as("bytes kept arriving meanwhile").isGreaterThan(2);
        }
        assertThat(Waits.until(() -> gateway.tlsMetrics().handshakes("main", HandshakeOutcome.TIMEOUT) == 1))
                .as("counted as a handshake timeout").isTrue();
    }

    @Test
    void aRequestHeadTrickledOverTlsIsAnswered408AtTheHeadDeadline() throws Exception {
        try (SSLSocket socket = (SSLSocket) clientContext().getSocketFactory().createSocket("localhost", port)) {
            socket.setSoTimeout(10_000);
            socket.startHandshake();
            OutputStream out = socket.getOutputStream();
            out.write("GET / HTTP/1.1\r\nhost: t\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            AtomicInteger sent = new AtomicInteger();
            long started = System.nanoTime();
            Thread trickler = trickle(out, sent, 50);
            String answer = readToEnd(socket.getInputStream());
            long waitedMs = Duration.ofNanos(System.nanoTime() - started).toMillis();
            trickler.interrupt();
            assertThat(answer).as("a head not whole within its deadline is answered 408")
                    .startsWith("HTTP/1.1 408").containsIgnoringCase("connection: close");
            assertThat(waitedMs).as("counted from the head's first byte, not reset by the later ones")
                    .isGreaterThanOrEqualTo(HEADER_TIMEOUT_MS - 100).isLessThan(5_000);
            assertThat(sent.get()).as("bytes kept arriving: the deadline is not an idle timer").isGreaterThan(3);
        }
        assertThat(gateway.tlsMetrics().handshakes("main", HandshakeOutcome.OK))
                .as("the handshake itself succeeded; only the head was late").isEqualTo(1);
        assertThat(gateway.metrics().snapshot()).containsEntry("request_head_timeouts", 1L);
    }

    @Test
    void aHandshakeWithinTheTimeoutServesItsRequest() throws Exception {
        try (SSLSocket socket = (SSLSocket) clientContext().getSocketFactory().createSocket("localhost", port)) {
            socket.setSoTimeout(10_000);
            socket.startHandshake();
            socket.getOutputStream().write("GET / HTTP/1.1\r\nhost: t\r\nconnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            assertThat(readToEnd(socket.getInputStream())).as("a prompt client is served").startsWith("HTTP/1.1 200");
        }
    }

    /** Writes one 'x' every {@code periodMs} until interrupted or the peer closes. */
    private static Thread trickle(OutputStream out, AtomicInteger sent, long periodMs) {
        return Thread.ofVirtual().start(() -> {
            try {
                for (int i = 0; i < 500; i++) {
                    out.write('x');
                    out.flush();
                    sent.incrementAndGet();
                    Thread.sleep(periodMs);
                }
            } catch (IOException | UncheckedIOException e) {
                // the gateway closed the connection: what the test waits for
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private static String readToEnd(InputStream in) throws IOException {
        StringBuilder text = new StringBuilder();
        try {
            for (int b = in.read(); b != -1; b = in.read()) {
                text.append((char) b);
            }
        } catch (javax.net.ssl.SSLException e) {
            // a close without close_notify after the answer: what was read is the answer
        }
        return text.toString();
    }

    private SSLContext clientContext() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", ca.certificate());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }
}
