package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.WebSocketOrigin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * WebSocket through the real filters of {@code examples/bound-upstream-dispatch.yaml} (see
 * docs/behaviour/websocket.md): on the branch a bound load balancer dispatches directly, the
 * upgrade becomes a tunnel to the chosen origin; on the path through the iterative request router
 * it is refused with 400, since a sub-request cannot be a tunnel.
 */
@Timeout(30)
class WebSocketDispatchTest {
    private WebSocketOrigin openai;
    private WebSocketOrigin chat;
    private RunningGateway gw;

    @BeforeEach
    void start() {
        openai = WebSocketOrigin.start();
        chat = WebSocketOrigin.start();
        String example = BoundUpstreamDispatchExampleTest.EXAMPLE;
        gw = RunningGateway.start(Examples.adapted(example, Map.of(
                        "127.0.0.1:3001", "127.0.0.1:" + openai.port(), "127.0.0.1:3002", "127.0.0.1:" + chat.port())),
                Examples.features(example));
    }

    @AfterEach
    void stop() {
        gw.close();
        openai.close();
        chat.close();
    }

    @Test
    void theDirectlyDispatchedBranchTunnelsToTheBoundOrigin() throws Exception {
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        try (HttpClient http = HttpClient.newHttpClient()) {
            WebSocket ws = http.newWebSocketBuilder()
                    .buildAsync(URI.create("ws://127.0.0.1:" + gw.port() + "/openai/v1/realtime"),
                            new WebSocket.Listener() {
                                @Override
                                public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                                    received.add(data.toString());
                                    socket.request(1);
                                    return null;
                                }
                            })
                    .get(10, TimeUnit.SECONDS);
            ws.sendText("through the bound balancer", true).get(10, TimeUnit.SECONDS);
            assertThat(received.poll(10, TimeUnit.SECONDS)).isEqualTo("through the bound balancer");
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
        }
        assertThat(openai.heads()).hasSize(1);
        assertThat(chat.heads()).as("the other backend is not contacted").isEmpty();
    }

    @Test
    void anUpgradeReachingTheIterativeRouterIs400NamingTheReason() throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /v1/chat HTTP/1.1\r\nHost: test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
            RawResponse response = conn.readResponse();
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.bodyText()).contains("sub-requests are not tunnels");
        }
        assertThat(chat.heads()).as("no step ran").isEmpty();
    }
}
