package io.jpraxis.http.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestGateway;
import io.netty.channel.ConnectTimeoutException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class UpstreamTimeoutsTest {

    @Test
    void defaultsApplyWhenUnset() {
        assertThat(UpstreamTimeouts.of(TestGateway.cluster("c"))).isEqualTo(new UpstreamTimeouts(
                UpstreamTimeouts.DEFAULT_CONNECT_MS, UpstreamTimeouts.DEFAULT_READ_MS, UpstreamTimeouts.DEFAULT_WRITE_MS,
                UpstreamTimeouts.DEFAULT_IDLE_MS,
                UpstreamTimeouts.DEFAULT_CONNECT_MS + UpstreamTimeouts.DEFAULT_TLS_HANDSHAKE_MS));
    }

    @Test
    void clusterValuesWin() {
        assertThat(UpstreamTimeouts.of(TestGateway.cluster("c", 100L, 200L, 300L, null)))
                .isEqualTo(new UpstreamTimeouts(100, 200, UpstreamTimeouts.DEFAULT_WRITE_MS, 300,
                        100 + UpstreamTimeouts.DEFAULT_TLS_HANDSHAKE_MS));
    }

    @Test
    void totalConnectionTimeoutCapsTheConnectAndBoundsTheTlsHandshake() {
        UpstreamTimeouts timeouts = UpstreamTimeouts.of(TestCluster.named("c").connectMs(1_000).totalConnectMs(200).build());
        assertThat(timeouts.connectMs()).as("the TCP connect alone cannot outlast the total").isEqualTo(200);
        assertThat(timeouts.setupMs()).isEqualTo(200);
        assertThat(timeouts.handshakeMs(150)).as("the handshake gets what the connect left").isEqualTo(50);
        assertThat(timeouts.handshakeMs(500)).as("never zero, which would mean no timeout").isEqualTo(1);
    }

    @Test
    void connectFailuresAreClassified() {
        assertThat(Http1Connector.classify(new ConnectTimeoutException("t"))).isEqualTo(UpstreamFailure.CONNECT_TIMEOUT);
        assertThat(Http1Connector.classify(new ConnectException("refused"))).isEqualTo(UpstreamFailure.CONNECT_REFUSED);
        assertThat(Http1Connector.classify(new UnknownHostException("x"))).isEqualTo(UpstreamFailure.CONNECT_FAILED);
    }

    @Test
    void everyFailureIsA502WithAClientSafeReason() {
        for (UpstreamFailure f : UpstreamFailure.values()) {
            assertThat(f.status()).isEqualTo(502);
            assertThat(f.reason()).startsWith("upstream ").doesNotContainPattern("\\d+\\.\\d+");
        }
    }
}
