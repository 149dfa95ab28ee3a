package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.tls.TlsFiles;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-to-end tests of the TLS examples ({@code examples/https-gateway.yaml},
 * {@code examples/mtls-workers.yaml}, {@code examples/peer-identity.yaml}) with the demo material under {@code examples/tls/}: each
 * behaves as its header comment says.
 */
@Timeout(60)
class TlsExamplesTest {
    static final String HTTPS_GATEWAY = "https-gateway.yaml";
    static final String MTLS_WORKERS = "mtls-workers.yaml";
    static final String PEER_IDENTITY = "peer-identity.yaml";
    private static final Path DEMO = Examples.DIRECTORY.resolve("tls");

    @TempDir
    Path dir;

    @Test
    void httpsGatewayServesHttp2AndHttp11OverTlsWithTheDemoCertificate() throws Exception {
        try (TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = RunningGateway.start(adapted(HTTPS_GATEWAY, app))) {
            URI uri = URI.create("https://localhost:" + gw.port() + "/anything");
            HttpResponse<String> h2 = client(HttpClient.Version.HTTP_2, null)
                    .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(h2.statusCode()).isEqualTo(200);
            assertThat(h2.version()).as("ALPN h2").isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(EchoResponse.parse(h2.body()).origin()).isEqualTo("app");
            assertThat(EchoResponse.parse(h2.body()).header("x-forwarded-proto")).isEqualTo("https");
            assertThat(h2.headers().firstValue("strict-transport-security")).hasValue("max-age=31536000");

            HttpResponse<String> h1 = client(HttpClient.Version.HTTP_1_1, null)
                    .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(h1.statusCode()).isEqualTo(200);
            assertThat(h1.version()).isEqualTo(HttpClient.Version.HTTP_1_1);

            assertThat(handshake(gw.port(), "localhost", "TLSv1.1", null, null).failure())
                    .as("TLS 1.1 is never offered").isNotNull();
        }
    }

    @Test
    void httpsGatewayPicksUpAReplacedCertificateOnNewConnections() throws Exception {
        Path cert = dir.resolve("gateway.pem");
        Path key = dir.resolve("gateway.key");
        Files.copy(DEMO.resolve("gateway.pem"), cert);
        Files.copy(DEMO.resolve("gateway.key"), key);
        String yaml = Examples.read(HTTPS_GATEWAY).replace(DEMO.resolve("gateway.pem").toString(), cert.toString())
                .replace(DEMO.resolve("gateway.key").toString(), key.toString());
        try (TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = RunningGateway.start(adaptedText(yaml, app))) {
            Handshake before = handshake(gw.port(), "localhost", "TLSv1.3", null, null);
            assertThat(before.serverSubject()).contains("CN=localhost");

            // Swap in the other demo certificate the way an operator would: write aside, then rename.
            Files.copy(DEMO.resolve("api.key"), dir.resolve("next.key"));
            Files.copy(DEMO.resolve("api.pem"), dir.resolve("next.pem"));
            Files.move(dir.resolve("next.key"), key, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.move(dir.resolve("next.pem"), cert, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            String subject = before.serverSubject();
            while (!subject.contains("CN=api.localhost") && System.nanoTime() < deadline) {
                Thread.sleep(100);
                subject = handshake(gw.port(), "localhost", "TLSv1.3", null, null).serverSubject();
            }
            assertThat(subject).as("a new connection gets the new certificate").contains("CN=api.localhost");
        }
    }

    @Test
    void mtlsWorkersChoosesTheCertificateBySniAndAdmitsOnlyTheAllowedUnrevokedWorker() throws Exception {
        try (TestOrigin batch = TestOrigin.start("batch");
                RunningGateway gw = RunningGateway.start(adapted(MTLS_WORKERS, batch))) {
            int port = gw.port();
            Handshake api = handshake(port, "api.localhost", "TLSv1.3", "batch-worker", "GET /jobs HTTP/1.1");
            assertThat(api.failure()).isNull();
            assertThat(api.serverSubject()).contains("CN=api.localhost");
            assertThat(api.response()).startsWith("HTTP/1.1 200");
            assertThat(handshake(port, "eu.api.localhost", "TLSv1.3", "batch-worker", null).serverSubject())
                    .as("one label under the wildcard").contains("CN=api.localhost");
            assertThat(handshake(port, "a.b.api.localhost", "TLSv1.3", "batch-worker", null).serverSubject())
                    .as("two labels: the default").contains("CN=localhost");
            assertThat(handshake(port, null, "TLSv1.3", "batch-worker", null).serverSubject())
                    .as("no SNI: the default").contains("CN=localhost");

            assertThat(handshake(port, "api.localhost", "TLSv1.3", "retired-worker", "GET / HTTP/1.1").response())
                    .as("revoked by the demo CRL").isNull();
            assertThat(handshake(port, "api.localhost", "TLSv1.3", null, "GET / HTTP/1.1").response())
                    .as("no client certificate").isNull();
            assertThat(handshake(port, "api.localhost", "TLSv1.2", "batch-worker", null).failure())
                    .as("min_version tls13").isNotNull();
            assertThat(batch.requestCount()).as("only the allowed worker's request arrived").isEqualTo(1);
        }
    }

    @Test
    void peerIdentityAdmitsOnlyThePinnedWorkerAndAnswersOthers403AfterTheHandshake() throws Exception {
        try (TestOrigin batch = TestOrigin.start("batch");
                RunningGateway gw = RunningGateway.start(adapted(PEER_IDENTITY, batch))) {
            int port = gw.port();
            assertThat(handshake(port, "localhost", "TLSv1.3", "batch-worker", "GET /jobs HTTP/1.1").response())
                    .as("the pinned worker").startsWith("HTTP/1.1 200");
            assertThat(handshake(port, "localhost", "TLSv1.3", "retired-worker", "GET /jobs HTTP/1.1").response())
                    .as("CA-signed, but not the pinned certificate").startsWith("HTTP/1.1 403");
            assertThat(handshake(port, "localhost", "TLSv1.2", null, "GET /jobs HTTP/1.1").response())
                    .as("no client certificate at all").startsWith("HTTP/1.1 403");
            assertThat(batch.requestCount()).as("only the pinned worker's request reached the origin").isEqualTo(1);
        }
    }

    private static String adapted(String example, TestOrigin origin) {
        return adaptedText(Examples.read(example), origin);
    }

    private static String adaptedText(String yaml, TestOrigin origin) {
        return yaml.replace("\"127.0.0.1:8443\"", "\"127.0.0.1:0\"")
                .replace("\"127.0.0.1:3000\"", "\"" + origin.address() + "\"");
    }

    private static HttpClient client(HttpClient.Version version, String worker) throws Exception {
        return HttpClient.newBuilder().version(version).sslContext(context(worker))
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    /**
     * What one handshake settled. With mutual TLS 1.3 the server checks the client certificate
     * after the client considers the handshake done, so a refusal shows as no response.
     */
    record Handshake(String serverSubject, String response, Exception failure) {
    }

    private static Handshake handshake(int port, String sni, String protocol, String worker, String requestLine)
            throws Exception {
        try (SSLSocket socket = (SSLSocket) context(worker).getSocketFactory().createSocket("127.0.0.1", port)) {
            socket.setSoTimeout(5_000);
            SSLParameters params = socket.getSSLParameters();
            params.setProtocols(new String[] {protocol});
            params.setServerNames(sni == null ? List.of() : List.of(new SNIHostName(sni)));
            socket.setSSLParameters(params);
            try {
                socket.startHandshake();
            } catch (IOException e) {
                return new Handshake(null, null, e);
            }
            String subject = ((X509Certificate) socket.getSession().getPeerCertificates()[0])
                    .getSubjectX500Principal().getName();
            if (requestLine == null) {
                return new Handshake(subject, null, null);
            }
            try {
                socket.getOutputStream().write((requestLine + "\r\nHost: " + (sni == null ? "localhost" : sni)
                        + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                String response = readAll(socket.getInputStream());
                return new Handshake(subject, response.isEmpty() ? null : response, null);
            } catch (IOException e) {
                return new Handshake(subject, null, e);
            }
        }
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Trusts the demo CA; presents the named demo worker's certificate when {@code worker} is set. */
    static SSLContext context(String worker) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("demo-ca", TlsFiles.caBundle(DEMO.resolve("demo-ca.pem")).getFirst());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        if (worker != null) {
            PrivateKey key = TlsFiles.privateKey(DEMO.resolve(worker + ".key"));
            List<X509Certificate> chain = TlsFiles.certificateChain(DEMO.resolve(worker + ".pem"));
            keys.setKeyEntry(worker, key, "x".toCharArray(), chain.toArray(Certificate[]::new));
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, "x".toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return context;
    }
}
