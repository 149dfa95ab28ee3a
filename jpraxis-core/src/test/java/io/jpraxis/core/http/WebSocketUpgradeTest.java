package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WebSocketUpgradeTest {

    @Test
    void oneLineThatIsWebSocketOnceTrimmedInAnyCaseIsAnOffer() {
        assertThat(WebSocketUpgrade.offered(List.of(" WebSocket "))).isTrue();
        assertThat(WebSocketUpgrade.offered(List.of())).isFalse();
        assertThat(WebSocketUpgrade.offered(List.of("websocket", "h2c"))).as("two lines").isFalse();
        assertThat(WebSocketUpgrade.offered(List.of("websocket, h2c"))).as("a list").isFalse();
        HeaderMap headers = new HeaderMap();
        headers.add("upgrade", "websocket");
        assertThat(WebSocketUpgrade.offered(headers)).isTrue();
    }
}
