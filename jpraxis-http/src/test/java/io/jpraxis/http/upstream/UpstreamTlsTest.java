package io.jpraxis.http.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.testkit.TestTls;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class UpstreamTlsTest {

    @Test
    void unreadableCaFileIsRefusedNamingTheCluster() {
        ClusterTlsConfig tls = new ClusterTlsConfig(null, true, "/nonexistent/ca.pem", null, null);
        assertThatThrownBy(() -> UpstreamTls.build("payments", tls))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("cluster payments: tls: ")
                .hasMessageContaining("expected: readable PEM files");
    }

    @Test
    void usableFilesBuildAContext() {
        ClusterTlsConfig tls = new ClusterTlsConfig(null, true, TestTls.file(TestTls.CA),
                TestTls.file(TestTls.CLIENT_CERT), TestTls.file(TestTls.CLIENT_KEY));
        assertThat(UpstreamTls.build("c", tls).isClient()).isTrue();
    }

    @Test
    void sniWinsOverTheEndpointHost() {
        Endpoint endpoint = new Endpoint("10.0.0.1", 443, 1);
        assertThat(UpstreamTls.peerHost(new ClusterTlsConfig("api.example", true, null, null, null), endpoint))
                .isEqualTo("api.example");
        assertThat(UpstreamTls.peerHost(new ClusterTlsConfig(null, true, null, null, null), endpoint))
                .as("without sni the endpoint host is checked (an IP literal sends no SNI)").isEqualTo("10.0.0.1");
    }

    @Test
    void handshakeTimeoutIsAConnectTimeoutAndOtherHandshakeFailuresAreNot() {
        assertThat(Http1Connector.classifyHandshake(new SslHandshakeTimeoutException("t")))
                .isEqualTo(UpstreamFailure.CONNECT_TIMEOUT);
        assertThat(Http1Connector.classifyHandshake(new SSLHandshakeException("PKIX path building failed")))
                .isEqualTo(UpstreamFailure.TLS_HANDSHAKE_FAILED);
        assertThat(UpstreamFailure.TLS_HANDSHAKE_FAILED.retriableConnectFailure()).isFalse();
        assertThat(UpstreamFailure.PRIVATE_ADDRESS_REFUSED.retriableConnectFailure()).isFalse();
        assertThat(UpstreamFailure.CONNECT_TIMEOUT.retriableConnectFailure()).isTrue();
    }
}
