package io.jpraxis.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.jpraxis.bench.load.BenchCertificate;
import io.jpraxis.bench.load.HttpProbe;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The floor proxy forwards requests and answers unchanged, reusing its origin connection. */
class BareNettyProxyTest {
    private HttpServer origin;
    private BareNettyProxy.Running proxy;

    @BeforeEach
    void start() throws Exception {
        origin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        origin.createContext("/", exchange -> {
            byte[] body = ("you asked for " + exchange.getRequestURI().getPath()).getBytes(StandardCharsets.UTF_8);
            int status = exchange.getRequestURI().getPath().equals("/missing") ? 404 : 200;
            exchange.getResponseHeaders().add("X-Origin-Port", Integer.toString(exchange.getRemoteAddress().getPort()));
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        origin.start();
        proxy = BareNettyProxy.start(0, origin.getAddress(), 1);
    }

    @AfterEach
    void stop() {
        proxy.close();
        origin.stop(0);
    }

    @Test
    void forwardsEachRequestAndReusesTheOriginConnection() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String firstOriginSide = null;
        for (String path : new String[] {"/a", "/b", "/missing"}) {
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + proxy.port() + path)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(answer.body()).isEqualTo("you asked for " + path);
            assertThat(answer.statusCode()).isEqualTo(path.equals("/missing") ? 404 : 200);
            String originSide = answer.headers().firstValue("x-origin-port").orElseThrow();
            if (firstOriginSide == null) {
                firstOriginSide = originSide;
            }
            assertThat(originSide).as("one pooled origin connection").isEqualTo(firstOriginSide);
        }
    }

    @Test
    void aRequestAskingToCloseGetsTheAnswerThenTheConnectionCloses() throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write("GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(answer).as("the whole answer, then end of stream").startsWith("HTTP/1.1 200")
                    .containsIgnoringCase("connection: close").endsWith("you asked for /a");
        }
    }

    @Test
    void withTlsItTerminatesTls13OnTheSuitesCertificate(@TempDir Path dir) throws Exception {
        BenchCertificate cert = BenchCertificate.generate(dir);
        try (BareNettyProxy.Running tls = BareNettyProxy.start(0, origin.getAddress(), 1,
                FloorTls.context(cert.cert(), cert.key()))) {
            assertThat(HttpProbe.tlsStatus(tls.port(), "/a", cert.clientContext())).isEqualTo(200);
            assertThat(HttpProbe.status(tls.port(), "/a")).as("cleartext gets no HTTP answer").isEqualTo(-1);
        }
    }
}
