package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.testkit.TestOrigin;
import io.jpraxis.testkit.TestPki;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar serving a {@code tls} listener from YAML: HTTP/2 by ALPN to an HTTPS client that
 * presents its certificate, a client without one refused under {@code require}, and the start-up
 * line naming the TLS engine (see docs/behaviour/tls-connections.md).
 */
@Timeout(90)
class ListenerTlsProcessTest {
    @TempDir
    Path dir;

    @Test
    void servesHttp2OverMutualTls() throws Exception {
        TestPki.Authority ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued server = ca.server("gateway").dns("localhost").issue();
        TestPki.Issued client = ca.client("caller").issue();
        int port = TestOrigin.unusedPort();
        String yaml = """
                listeners:
                  - name: main
                    address: "127.0.0.1:%d"
                    filter_chains: [main]
                    tls:
                      certificates:
                        - cert_path: "%s"
                          key_path: "%s"
                      client_cert_mode: require
                      client_ca:
                        ca_path: "%s"
                filter_chains:
                  - name: main
                    filters:
                      - filter: static_response
                        status: 200
                        body: "ok"
                """.formatted(port, server.certPath(), server.keyPath(), ca.certPath());
        try (GatewayProcess gateway = GatewayProcess.serve(yaml, port, List.of())) {
            URI uri = URI.create("https://localhost:" + port + "/");
            HttpResponse<String> response = https(context(ca, client)).send(HttpRequest.newBuilder(uri).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("ok");
            assertThat(response.version()).as("ALPN h2").isEqualTo(HttpClient.Version.HTTP_2);
            assertThatThrownBy(() -> https(context(ca, null)).send(HttpRequest.newBuilder(uri).build(),
                    HttpResponse.BodyHandlers.ofString())).as("no client certificate under require")
                    .isInstanceOf(IOException.class);
            assertThat(gateway.output()).contains("listener main: TLS on the");
        }
    }

    private static HttpClient https(SSLContext context) {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).sslContext(context).build();
    }

    private static SSLContext context(TestPki.Authority ca, TestPki.Issued client) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", ca.certificate());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        if (client != null) {
            keys.setKeyEntry("client", client.keyPair().getPrivate(), "x".toCharArray(),
                    new Certificate[] {client.certificate()});
        }
        kmf.init(keys, "x".toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return context;
    }
}
