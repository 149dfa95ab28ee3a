package io.jpraxis.core.http;

import java.util.List;

/**
 * Which requests ask for a WebSocket upgrade the gateway tunnels (see
 * docs/behaviour/websocket.md#which-requests-are-tunnelled): exactly one {@code Upgrade} line whose
 * value, trimmed, is {@code websocket} in any case. No line, two lines, or a list such as
 * {@code h2c, websocket} do not qualify: such a request goes on as a plain one, without its
 * {@code Upgrade}, so no other protocol (h2c above all) can be switched to behind the gateway's back.
 */
public final class WebSocketUpgrade {
    /** The token of RFC 6455 4.1, as it appears in {@code Upgrade}. */
    public static final String TOKEN = "websocket";

    private WebSocketUpgrade() {
    }

    /** Whether {@code upgradeLines}, every {@code Upgrade} line of one message in order, ask for WebSocket alone. */
    public static boolean offered(List<String> upgradeLines) {
        return upgradeLines.size() == 1 && upgradeLines.get(0).trim().equalsIgnoreCase(TOKEN);
    }

    /** Whether the request's working headers ask for a WebSocket upgrade. */
    public static boolean offered(HeaderMap headers) {
        return offered(headers.getAll("upgrade"));
    }
}
