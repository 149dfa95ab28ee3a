package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.upstream.UpstreamFailure;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import io.jpraxis.testkit.TestTls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Clusters with a {@code tls} block (see docs/behaviour/clusters.md#cluster-settings) against a
 * real HTTPS origin.
 */
@Timeout(30)
class UpstreamTlsProxyTest {

    @Test
    void originSignedByTheConfiguredCaIsServed() throws IOException {
        try (TestOrigin origin = TestOrigin.builder("secure").tls().start()) {
            TestCluster cluster = TestCluster.named("c").endpoint(origin).tls(null, true, TestTls.file(TestTls.CA));
            try (TestGateway gw = gateway(cluster.state()); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/hello");
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.echo().origin()).isEqualTo("secure");
                assertThat(client.get("/again").status()).isEqualTo(200);
                assertThat(origin.acceptedConnections()).as("the TLS connection is pooled and reused").isEqualTo(1);
            }
        }
    }

    @Test
    void largeBodiesCrossTlsIntactBothWays() throws IOException {
        long length = 8L << 20;
        try (TestOrigin origin = TestOrigin.builder("secure").tls().start()) {
            TestCluster cluster = TestCluster.named("c").endpoint(origin).tls(null, true, TestTls.file(TestTls.CA));
            try (TestGateway gw = gateway(cluster.state()); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                client.send("GET /big HTTP/1.1\r\nHost: t\r\n" + OriginCommands.DOWNLOAD + ": " + length + "\r\n"
                        + OriginCommands.FRAMING + ": length\r\n\r\n");
                assertThat(client.readResponseHead().status()).isEqualTo(200);
                MessageDigest received = TestData.newSha256();
                received.update(client.input().readNBytes((int) length));
                assertThat(TestData.hex(received)).as("reads pulled through TLS records one by one")
                        .isEqualTo(TestData.sha256(length));

                client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: " + length + "\r\n\r\n");
                TestData.stream(length).transferTo(client.output());
                EchoResponse echo = client.readResponse().echo();
                assertThat(echo.bodySha256()).isEqualTo(TestData.sha256(length));
            }
        }
    }

    @Test
    void originSignedByAnotherCaIs502() throws IOException {
        try (TestOrigin origin = TestOrigin.builder("secure").tls().start()) {
            TestCluster cluster = TestCluster.named("c").endpoint(origin)
                    .tls(null, true, TestTls.file(TestTls.OTHER_CA));
            try (TestGateway gw = gateway(cluster.state()); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).isEqualTo(502);
                assertThat(response.bodyText()).endsWith(",\"detail\":\"upstream TLS handshake failed\"}");
                assertThat(origin.requestCount()).as("no request crosses an untrusted connection").isZero();
                assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.TLS_HANDSHAKE_FAILED))
                        .as("a certificate problem is not retried").isEqualTo(1);
            }
        }
    }

    @Test
    void systemTrustStoreDoesNotTrustTheTestCa() throws IOException {
        try (TestOrigin origin = TestOrigin.builder("secure").tls().start()) {
            TestCluster cluster = TestCluster.named("c").endpoint(origin).tls(null, true, null);
            try (TestGateway gw = gateway(cluster.state()); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).as("without ca_path the JDK trust store applies").isEqualTo(502);
            }
        }
    }

    @Test
    void verifyFalseAcceptsAnyCertificate() throws IOException {
        try (TestOrigin origin = TestOrigin.builder("secure").tls().start()) {
            TestCluster cluster = TestCluster.named("c").endpoint(origin)
                    .tls("wrong.example", false, TestTls.file(TestTls.OTHER_CA));
            try (TestGateway gw = gateway(cluster.state()); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).isEqualTo(200);
            }
        }
    }

    @Test
    void sniNotNamedInTheCertificateIs502() throws IOException {
        try (TestOrigin origin = TestOrigin.builder("secure").tls().start()) {
            TestCluster cluster = TestCluster.named("c").endpoint(origin)
                    .tls("wrong.example", true, TestTls.file(TestTls.CA));
            try (TestGateway gw = gateway(cluster.state()); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).as("the host name check runs against the SNI").isEqualTo(502);
                assertThat(response.bodyText()).contains("TLS handshake failed");
            }
        }
    }

    @Test
    void sniNamedInTheCertificateIsServedOnAnIpEndpoint() throws IOException {
        try (TestOrigin origin = TestOrigin.builder("secure").tls().start()) {
            TestCluster cluster = TestCluster.named("c").endpoint(origin)
                    .tls("localhost", true, TestTls.file(TestTls.CA));
            try (TestGateway gw = gateway(cluster.state()); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).isEqualTo(200);
            }
        }
    }

    @Test
    void clientCertificateIsPresentedForMutualTls() throws IOException {
        try (TestOrigin origin = TestOrigin.builder("mtls").tlsRequiringClientCert().start()) {
            ClusterTlsConfig withCert = new ClusterTlsConfig(null, true, TestTls.file(TestTls.CA),
                    TestTls.file(TestTls.CLIENT_CERT), TestTls.file(TestTls.CLIENT_KEY));
            try (TestGateway gw = gateway(TestCluster.named("c").endpoint(origin).tls(withCert).state());
                    RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).isEqualTo(200);
            }
            TestCluster without = TestCluster.named("c").endpoint(origin).tls(null, true, TestTls.file(TestTls.CA));
            try (TestGateway gw = gateway(without.state()); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                assertThat(client.get("/").status()).as("the origin refuses a client without a certificate")
                        .isEqualTo(502);
            }
        }
    }

    @Test
    void handshakeThatNeverCompletesHitsTheTotalConnectionTimeout() throws IOException {
        // Accepts TCP, then says nothing: only total_connection_timeout_ms can end the handshake.
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            TestCluster cluster = TestCluster.named("c").endpoint("127.0.0.1", silent.getLocalPort())
                    .tls(null, true, TestTls.file(TestTls.CA)).totalConnectMs(300).retry(0, 0, false);
            try (TestGateway gw = gateway(cluster.state()); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.get("/");
                assertThat(response.status()).isEqualTo(502);
                assertThat(response.bodyText()).contains("connect timed out");
                assertThat(gw.gateway().metrics().upstreamFailures(UpstreamFailure.CONNECT_TIMEOUT)).isEqualTo(1);
            }
        }
    }

    private static TestGateway gateway(ClusterState state) {
        return TestGateway.builder().filter(TestFilters.firstEndpoint(state)).start();
    }
}
