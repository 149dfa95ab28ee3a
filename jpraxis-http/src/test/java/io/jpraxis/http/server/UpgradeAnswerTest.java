package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.RawUpgrade;
import io.jpraxis.http.testing.ScriptedUpgradeOrigin;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the edge makes of an origin's answer to an upgrade, byte for byte: the 101s a client cannot
 * use, bytes that arrive with the 101 or with the request, a non-101 answer, and half-closes both
 * ways through the tunnel (see docs/behaviour/websocket.md#the-101).
 */
@Timeout(20)
class UpgradeAnswerTest {
    private ScriptedUpgradeOrigin origin;
    private TestGateway gateway;

    @AfterEach
    void stop() throws IOException {
        if (gateway != null) {
            gateway.close();
        }
        if (origin != null) {
            assertThat(origin.failures()).as("the origin's script ran as written").isEmpty();
            origin.close();
        }
    }

    private void start(ScriptedUpgradeOrigin.Script script) throws IOException {
        origin = ScriptedUpgradeOrigin.start(script);
        gateway = TestGateway.builder()
                .filter(TestFilters.forwardTo(TestGateway.cluster("scripted"), "127.0.0.1", origin.port())).start();
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    @Test
    void a101ToARequestWithoutUpgradeIsAnUnsolicited502() throws IOException {
        start((head, in, out, socket) -> write(out, RawUpgrade.switching("")));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            RawResponse response = client.get("/");
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).contains("unsolicited 101");
        }
    }

    @Test
    void a101WithoutSecWebSocketAcceptIs502NamingIt() throws IOException {
        start((head, in, out, socket) -> write(out,
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).contains("Sec-WebSocket-Accept");
        }
    }

    @Test
    void a101ToAnotherProtocolIs502() throws IOException {
        start((head, in, out, socket) -> write(out, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Accept: " + RawUpgrade.accept(RawUpgrade.KEY) + "\r\n\r\n"));
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.bodyText()).contains("exactly one Upgrade: websocket");
        }
    }

    @Test
    void aFrameInTheSameWriteAsThe101ReachesTheClient() throws IOException {
        byte[] frame = RawUpgrade.originText("early bird");
        start((head, in, out, socket) -> {
            byte[] switching = RawUpgrade.switching("").getBytes(StandardCharsets.ISO_8859_1);
            byte[] both = new byte[switching.length + frame.length];
            System.arraycopy(switching, 0, both, 0, switching.length);
            System.arraycopy(frame, 0, both, switching.length, frame.length);
            out.write(both); // one write: the gateway reads the 101 and the frame together
            out.flush();
            in.read(); // hold the connection until the gateway closes it
        });
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            assertThat(RawUpgrade.readHead(client.input()).getFirst()).startsWith("HTTP/1.1 101");
            assertThat(RawUpgrade.readExactly(client.input(), frame.length)).isEqualTo(frame);
        }
    }

    @Test
    void bytesTheClientSendsWithItsRequestReachTheOriginAfterThe101() throws IOException {
        start((head, in, out, socket) -> {
            write(out, RawUpgrade.switching(""));
            byte[] early = RawUpgrade.readExactly(in, 5);
            out.write(early); // echoed, so the client can see what arrived
            out.flush();
            in.read();
        });
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/") + "early"); // no wait for the 101
            assertThat(RawUpgrade.readHead(client.input()).getFirst()).startsWith("HTTP/1.1 101");
            assertThat(new String(RawUpgrade.readExactly(client.input(), 5), StandardCharsets.US_ASCII))
                    .as("not parsed as HTTP, not lost").isEqualTo("early");
        }
    }

    @Test
    void aNon101AnswerIsAnOrdinaryResponseAndTheConnectionCloses() throws IOException {
        start((head, in, out, socket) -> {
            write(out, "HTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\nnope");
            in.read();
        });
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            RawResponse response = client.readResponse();
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.bodyText()).isEqualTo("nope");
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(client.closedByPeer()).isTrue();
        }
    }

    @Test
    void theClientsFinReachesTheOriginWhichStillSendsTheRest() throws IOException {
        start((head, in, out, socket) -> {
            write(out, RawUpgrade.switching(""));
            byte[] all = in.readAllBytes(); // to the FIN the gateway passed on
            write(out, "got " + all.length + " then FIN");
            socket.shutdownOutput();
        });
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            InputStream in = client.input();
            assertThat(RawUpgrade.readHead(in).getFirst()).startsWith("HTTP/1.1 101");
            client.send("0123456789");
            client.socket().shutdownOutput();
            assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII))
                    .as("the other direction still flows after the client's FIN").isEqualTo("got 10 then FIN");
        }
    }

    @Test
    void theOriginsFinReachesTheClientWhichStillSends() throws IOException {
        start((head, in, out, socket) -> {
            write(out, RawUpgrade.switching("") + "bye");
            socket.shutdownOutput(); // the origin's direction is done
            byte[] rest = RawUpgrade.readExactly(in, 4);
            assertThat(new String(rest, StandardCharsets.US_ASCII)).isEqualTo("more");
        });
        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            client.send(RawUpgrade.request("/"));
            InputStream in = client.input();
            List<String> head = RawUpgrade.readHead(in);
            assertThat(head.getFirst()).startsWith("HTTP/1.1 101");
            assertThat(new String(in.readNBytes(3), StandardCharsets.US_ASCII)).isEqualTo("bye");
            assertThat(in.read()).as("the origin's FIN arrives as the client's EOF").isEqualTo(-1);
            client.send("more");
        }
    }
}
