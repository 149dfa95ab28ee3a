package io.jpraxis.http.server.tls;

import static io.jpraxis.http.server.tls.TlsClients.cert;
import static io.jpraxis.http.server.tls.TlsClients.tls;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.RawUpgrade;
import io.jpraxis.http.testing.ScriptedUpgradeOrigin;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.http.testing.WsClient;
import io.jpraxis.testkit.TestPki;
import io.jpraxis.testkit.WebSocketOrigin;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * WebSocket on a TLS listener ({@code wss}) with the JDK's client, and a tunnel's half-closes
 * when the client side speaks TLS: a FIN from either end crosses as a {@code close_notify} on the
 * client's connection and the other direction keeps flowing (see
 * docs/behaviour/websocket.md#the-tunnel).
 */
@Timeout(30)
class WssTunnelTest {
    @TempDir
    static Path dir;
    static TestPki.Authority ca;
    static TestPki.Issued server;
    static SSLContext trusting;

    private WebSocketOrigin wsOrigin;
    private ScriptedUpgradeOrigin scripted;
    private TestGateway gateway;

    @BeforeAll
    static void pki() {
        ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        server = ca.server("server").ip("127.0.0.1").issue();
        trusting = TlsClients.context(ca.certificate(), null);
    }

    @AfterEach
    void stop() throws IOException {
        if (gateway != null) {
            gateway.close();
        }
        if (wsOrigin != null) {
            wsOrigin.close();
        }
        if (scripted != null) {
            scripted.close();
        }
    }

    private void startEcho() {
        wsOrigin = WebSocketOrigin.start();
        gateway = TestGateway.builder().tls(tls(cert(server, true)))
                .filter(TestFilters.forwardTo(TestGateway.cluster("ws"), wsOrigin.host(), wsOrigin.port())).start();
    }

    private void startScripted(ScriptedUpgradeOrigin.Script script) throws IOException {
        scripted = ScriptedUpgradeOrigin.start(script);
        gateway = TestGateway.builder().tls(tls(cert(server, true)))
                .filter(TestFilters.forwardTo(TestGateway.cluster("raw"), "127.0.0.1", scripted.port())).start();
    }

    private double tunnels() {
        return gateway.gateway().meters().get("jpraxis.tunnels.active").tag("listener", "main").gauge().value();
    }

    /** A TLS 1.3 socket to the listener (the JDK half-closes TLS only from 1.3 on), handshake done. */
    private SSLSocket tlsSocket() throws IOException {
        SSLSocket socket = (SSLSocket) trusting.getSocketFactory().createSocket("127.0.0.1", gateway.port());
        socket.setEnabledProtocols(new String[] {"TLSv1.3"});
        socket.setSoTimeout(10_000);
        socket.startHandshake();
        return socket;
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    private static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }

    @Test
    void textEchoesOverWss() throws Exception {
        startEcho();
        try (WsClient ws = WsClient.connectTls(gateway.port(), "/chat", trusting)) {
            ws.sendText("hello over wss");
            assertThat(ws.next().text()).isEqualTo("hello over wss");
            assertThat(tunnels()).isEqualTo(1.0);
        }
        assertThat(Waits.until(() -> tunnels() == 0.0 && wsOrigin.openConnections() == 0)).isTrue();
    }

    @Test
    void aOneMebibyteBinaryFrameCrossesTlsWhole() throws Exception {
        startEcho();
        byte[] payload = new byte[1 << 20];
        ThreadLocalRandom.current().nextBytes(payload);
        try (WsClient ws = WsClient.connectTls(gateway.port(), "/bin", trusting)) {
            ws.sendBinary(payload);
            byte[] echoed = ws.next().bytes();
            assertThat(echoed).hasSize(payload.length);
            assertThat(crc(echoed)).as("no byte changed").isEqualTo(crc(payload));
        }
    }

    @Test
    void theClientsCloseIsAnsweredAndBothConnectionsEnd() throws Exception {
        startEcho();
        try (WsClient ws = WsClient.connectTls(gateway.port(), "/bye", trusting)) {
            ws.sendText("ping");
            ws.next();
            ws.socket().sendClose(1000, "client done").join();
            assertThat(ws.closed().status()).as("the origin answers the close").isEqualTo(1000);
        }
        assertThat(Waits.until(() -> tunnels() == 0.0 && wsOrigin.openConnections() == 0
                && gateway.gateway().openConnections() == 0)).as("both connections closed").isTrue();
    }

    @Test
    void theOriginsCloseReachesTheWssClient() throws Exception {
        startEcho();
        try (WsClient ws = WsClient.connectTls(gateway.port(), "/close", trusting)) {
            ws.sendText(WebSocketOrigin.CLOSE_COMMAND);
            WsClient.Close close = ws.closed();
            assertThat(close.status()).isEqualTo(1000);
            assertThat(close.reason()).isEqualTo("origin closes");
        }
        assertThat(Waits.until(() -> tunnels() == 0.0 && wsOrigin.openConnections() == 0)).isTrue();
    }

    @Test
    void theOriginsFinReachesTheTlsClientAsCloseNotifyAndTheClientStillSends() throws Exception {
        startScripted((head, in, out, socket) -> {
            write(out, RawUpgrade.switching("") + "bye");
            socket.shutdownOutput(); // the origin's direction is done
            byte[] rest = RawUpgrade.readExactly(in, 4);
            write(out, ""); // nothing more can go this way; the origin only reads
            assertThat(new String(rest, StandardCharsets.US_ASCII)).isEqualTo("more");
            assertThat(in.read()).as("the client's end follows").isEqualTo(-1);
        });
        try (SSLSocket client = tlsSocket()) {
            write(client.getOutputStream(), RawUpgrade.request("/"));
            InputStream in = client.getInputStream();
            assertThat(RawUpgrade.readHead(in).getFirst()).startsWith("HTTP/1.1 101");
            assertThat(new String(in.readNBytes(3), StandardCharsets.US_ASCII)).isEqualTo("bye");
            assertThat(in.read()).as("the origin's FIN arrives as close_notify: the client's EOF").isEqualTo(-1);
            write(client.getOutputStream(), "more");
        }
        assertThat(Waits.until(() -> tunnels() == 0.0 && gateway.gateway().openConnections() == 0)).isTrue();
        assertThat(scripted.failures()).isEmpty();
    }

    /**
     * Unlike a FIN, a TLS client's {@code close_notify} cannot end one direction only: the
     * listener's TLS engine answers it with its own, so nothing more can reach the client. The
     * tunnel ends cleanly: what the client sent reaches the origin, then the origin's end.
     */
    @Test
    void aTlsClientsCloseNotifyEndsTheTunnelAfterItsBytesReachTheOrigin() throws Exception {
        AtomicInteger received = new AtomicInteger(-1);
        startScripted((head, in, out, socket) -> {
            write(out, RawUpgrade.switching(""));
            received.set(in.readAllBytes().length); // to the end the gateway passed on
        });
        try (SSLSocket client = tlsSocket()) {
            write(client.getOutputStream(), RawUpgrade.request("/"));
            InputStream in = client.getInputStream();
            assertThat(RawUpgrade.readHead(in).getFirst()).startsWith("HTTP/1.1 101");
            write(client.getOutputStream(), "0123456789");
            client.shutdownOutput(); // TLS 1.3: close_notify
            assertThat(in.read()).as("the gateway's close_notify answers").isEqualTo(-1);
        }
        assertThat(Waits.until(() -> received.get() == 10)).as("the client's bytes, then the origin's end")
                .isTrue();
        assertThat(Waits.until(() -> tunnels() == 0.0 && gateway.gateway().openConnections() == 0)).isTrue();
        assertThat(scripted.failures()).isEmpty();
    }

    @Test
    void aCloseNotifyAloneWithTheTcpConnectionLeftOpenEndsTheClientsDirection() throws Exception {
        AtomicInteger received = new AtomicInteger(-1);
        startScripted((head, in, out, socket) -> {
            write(out, RawUpgrade.switching(""));
            received.set(in.readAllBytes().length);
        });
        try (Socket tcp = new Socket("127.0.0.1", gateway.port());
                SSLSocket client = (SSLSocket) trusting.getSocketFactory().createSocket(tcp, "127.0.0.1",
                        gateway.port(), false)) {
            client.setEnabledProtocols(new String[] {"TLSv1.3"});
            client.setSoTimeout(10_000);
            write(client.getOutputStream(), RawUpgrade.request("/"));
            InputStream in = client.getInputStream();
            assertThat(RawUpgrade.readHead(in).getFirst()).startsWith("HTTP/1.1 101");
            write(client.getOutputStream(), "0123456789");
            client.shutdownOutput(); // layered: close_notify only, no FIN on the TCP connection
            // No application data follows a close_notify: the origin gets its end without the client's FIN.
            assertThat(Waits.until(() -> received.get() == 10)).as("the origin's end, the client still connected")
                    .isTrue();
        }
        assertThat(Waits.until(() -> tunnels() == 0.0 && gateway.gateway().openConnections() == 0)).isTrue();
    }
}
