package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.Test;

/** Which heads offer a WebSocket upgrade and which 101s complete one (see docs/behaviour/websocket.md). */
class UpgradeRequestsTest {

    private static HttpRequest request(String... upgradeLines) {
        HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/");
        for (String line : upgradeLines) {
            r.headers().add("upgrade", line);
        }
        return r;
    }

    private static HttpResponse switching(boolean accept, String... upgradeLines) {
        HttpResponse r = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS);
        for (String line : upgradeLines) {
            r.headers().add("upgrade", line);
        }
        if (accept) {
            r.headers().add("sec-websocket-accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
        }
        return r;
    }

    @Test
    void exactlyOneWebSocketLineInAnyCaseIsAnOffer() {
        assertThat(UpgradeRequests.offersWebSocket(request("websocket"))).isTrue();
        assertThat(UpgradeRequests.offersWebSocket(request("WebSocket"))).as("any case").isTrue();
        assertThat(UpgradeRequests.offersWebSocket(request())).isFalse();
        assertThat(UpgradeRequests.offersWebSocket(request("websocket", "h2c"))).as("two lines").isFalse();
        assertThat(UpgradeRequests.offersWebSocket(request("h2c, websocket"))).as("a list").isFalse();
        assertThat(UpgradeRequests.offersWebSocket(request("h2c"))).isFalse();
    }

    @Test
    void only101sWithOneWebSocketLineAndAnAcceptCompleteTheOffer() {
        HttpRequest offer = request("websocket");
        assertThat(UpgradeRequests.refusedSwitch(switching(true, "websocket"), offer, true)).isNull();
        assertThat(UpgradeRequests.refusedSwitch(switching(true, "websocket"), request(), false))
                .contains("unsolicited 101");
        assertThat(UpgradeRequests.refusedSwitch(switching(true, "websocket"), request("h2c, websocket"), false))
                .as("an offer that was stripped").contains("without its Upgrade");
        assertThat(UpgradeRequests.refusedSwitch(switching(false, "websocket"), offer, true))
                .contains("Sec-WebSocket-Accept");
        assertThat(UpgradeRequests.refusedSwitch(switching(true, "h2c"), offer, true))
                .contains("exactly one Upgrade: websocket");
        assertThat(UpgradeRequests.refusedSwitch(switching(true, "websocket", "websocket"), offer, true))
                .contains("exactly one Upgrade: websocket");
    }

    @Test
    void aConnectionTokenNeverRemovesTheFramingTheChainOrReservedNames() {
        assertThat(UpstreamRequests.keptDespiteConnection("host")).isTrue();
        assertThat(UpstreamRequests.keptDespiteConnection("content-length")).isTrue();
        assertThat(UpstreamRequests.keptDespiteConnection("x-forwarded-for")).isTrue();
        assertThat(UpstreamRequests.keptDespiteConnection("forwarded")).isTrue();
        assertThat(UpstreamRequests.keptDespiteConnection("x-praxis-anything")).isTrue();
        assertThat(UpstreamRequests.keptDespiteConnection("x-secret")).isFalse();
    }
}
