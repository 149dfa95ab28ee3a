package io.jpraxis.http.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.ClusterHttpConfig.HttpVersion;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.testing.TestCluster;
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
    void poolKeysTellTlsFromPlaintext() {
        Endpoint endpoint = new Endpoint("127.0.0.1", 8443, 1);
        var plain = UpstreamTarget.detached(TestCluster.named("c").build(), endpoint);
        var secure = UpstreamTarget.detached(TestCluster.named("c").tls(null, true, null).build(), endpoint);
        var otherSni = UpstreamTarget.detached(TestCluster.named("c").tls("b.example", true, null).build(), endpoint);
        assertThat(PoolKey.of(plain)).as("a plaintext connection is never lent to a TLS cluster")
                .isNotEqualTo(PoolKey.of(secure));
        assertThat(PoolKey.of(secure)).as("nor one verified for another server name").isNotEqualTo(PoolKey.of(otherSni));
        assertThat(PoolKey.of(secure)).isEqualTo(PoolKey.of(
                UpstreamTarget.detached(TestCluster.named("c").tls(null, true, null).build(), endpoint)));
    }

    @Test
    void alpnOffersWhatTheVersionSpeaks() {
        assertThat(UpstreamTls.offered(HttpVersion.H1)).containsExactly("http/1.1");
        assertThat(UpstreamTls.offered(HttpVersion.H2)).as("an h2 cluster accepts nothing else").containsExactly("h2");
        assertThat(UpstreamTls.offered(HttpVersion.AUTO)).as("h2 preferred (RFC 7301 3.1)")
                .containsExactly("h2", "http/1.1");
    }

    @Test
    void oneTlsBlockGetsAContextPerAlpnOffer() {
        UpstreamTls tls = new UpstreamTls();
        var h1 = TestCluster.named("c").tls(null, true, TestTls.file(TestTls.CA)).build();
        var h2 = TestCluster.named("c").tls(null, true, TestTls.file(TestTls.CA)).version(HttpVersion.H2).build();
        assertThat(tls.contextFor(h1)).isSameAs(tls.contextFor(h1));
        assertThat(tls.contextFor(h2)).as("the same files, another ALPN offer").isNotSameAs(tls.contextFor(h1));
        assertThat(tls.contextFor(h2).applicationProtocolNegotiator().protocols()).containsExactly("h2");
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
