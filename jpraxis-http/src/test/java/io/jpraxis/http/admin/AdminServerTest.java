package io.jpraxis.http.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.EndpointConfig;
import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.http.server.Transport;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The admin listener over real sockets, in front of a real gateway and origin. */
@Timeout(30)
class AdminServerTest {
    private static final String SCRAPE = "# TYPE jpraxis_edge_requests_total counter\njpraxis_edge_requests_total 3.0\n";
    private static final String CONFIG = "listeners:\n- name: main\n";

    private TestOrigin origin;
    private TestGateway gateway;
    private ClusterStates clusters;
    private ClusterState checked;
    private AdminServer admin;

    @BeforeEach
    void start() {
        origin = TestOrigin.start("o");
        gateway = TestGateway.builder().filter(TestFilters.forwardTo(TestGateway.cluster("c"), origin)).start();
        clusters = new ClusterStates();
        checked = clusters.stateFor(cluster("checked", new HealthCheckConfig(HealthCheckConfig.HealthCheckType.HTTP,
                "/", 200, 1000, 500, 1, 1, null, null, "")));
        clusters.stateFor(cluster("plain", null));
        clusters.seal();
        AdminRoutes routes = new AdminRoutes(new Readiness(clusters, gateway.gateway()::lifecycle),
                () -> SCRAPE, () -> CONFIG);
        admin = new AdminServer(new AdminConfig(new HostPort("127.0.0.1", 0), new HostPort("127.0.0.1", 0), false),
                routes, Transport.select()).start();
    }

    @AfterEach
    void stop() {
        admin.close();
        gateway.close();
        origin.close();
    }

    private static ClusterConfig cluster(String name, HealthCheckConfig healthCheck) {
        List<EndpointConfig> endpoints = List.of(new EndpointConfig(new HostPort("192.0.2.1", 80), 1),
                new EndpointConfig(new HostPort("192.0.2.2", 80), 1));
        return new ClusterConfig(name, endpoints, ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN, null, null, null,
                null, null, null, null, null, healthCheck, null, null, SourceRef.synthetic("test"));
    }

    private int adminPort() {
        return admin.port(AdminSurface.ADMIN).orElseThrow();
    }

    private int metricsPort() {
        return admin.port(AdminSurface.METRICS).orElseThrow();
    }

    private static RawResponse request(int port, String method, String path, String host) throws IOException {
        try (RawHttpConnection c = RawHttpConnection.open(port)) {
            c.send(method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
            return c.readResponse(method.equals("HEAD"));
        }
    }

    private RawResponse get(String path) throws IOException {
        return request(adminPort(), "GET", path, "127.0.0.1:" + adminPort());
    }

    @Test
    void healthyAnswersOkAsJson() throws IOException {
        RawResponse r = get("/healthy");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("content-type")).isEqualTo("application/json");
        assertThat(r.bodyText()).isEqualTo("{\"status\":\"ok\"}");
    }

    @Test
    void headAnswersTheHeadersWithoutTheBody() throws IOException {
        try (RawHttpConnection c = RawHttpConnection.open(adminPort())) {
            c.send("HEAD /healthy HTTP/1.1\r\nHost: localhost\r\n\r\n");
            RawResponse head = c.readResponse(true);
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).as("the length GET would send").isEqualTo("15");
            c.send("GET /healthy HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertThat(c.readResponse().bodyText()).as("no body bytes precede the next response")
                    .isEqualTo("{\"status\":\"ok\"}");
        }
    }

    @Test
    void readyListsEveryClusterWithItsEndpointCounts() throws IOException {
        RawResponse r = get("/ready");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.bodyText()).isEqualTo("{\"status\":\"ready\",\"clusters\":["
                + "{\"name\":\"checked\",\"healthy_endpoints\":2,\"total_endpoints\":2,\"health_checked\":true},"
                + "{\"name\":\"plain\",\"healthy_endpoints\":2,\"total_endpoints\":2,\"health_checked\":false}]}");
    }

    @Test
    void readyIs503WhileAHealthCheckedClusterHasNoHealthyEndpoint() throws IOException {
        checked.endpoints().get(0).recordProbe(false);
        assertThat(get("/ready").status()).as("one healthy endpoint left is enough").isEqualTo(200);

        checked.endpoints().get(1).recordProbe(false);
        RawResponse down = get("/ready");
        assertThat(down.status()).isEqualTo(503);
        assertThat(down.bodyText()).contains("\"status\":\"unavailable\"")
                .contains("\"error\":\"cluster checked has no healthy endpoint\"")
                .contains("\"healthy_endpoints\":0");

        checked.endpoints().get(1).recordProbe(true);
        assertThat(get("/ready").status()).as("ready again once an endpoint recovers").isEqualTo(200);
        assertThat(get("/healthy").status()).as("liveness ignores cluster health").isEqualTo(200);
    }

    @Test
    void readyIs503AsSoonAsShutdownBeginsWhileRequestsStillDrain() throws Exception {
        try (RawHttpConnection busy = RawHttpConnection.open(gateway.port())) {
            busy.send("GET /slow HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DELAY_MS + ": 1500\r\n\r\n");
            assertThat(waitUntil(() -> origin.requestCount() == 1)).isTrue();
            CompletableFuture<Void> stopping = CompletableFuture.runAsync(
                    () -> gateway.gateway().stop(Duration.ofSeconds(10)));

            assertThat(waitUntil(() -> status("/ready") == 503)).as("readiness flips during the drain").isTrue();
            assertThat(get("/ready").bodyText()).contains("\"error\":\"shutting down\"");
            assertThat(stopping).as("the in-flight request still holds the drain open").isNotDone();
            assertThat(get("/healthy").status()).as("the process is still alive").isEqualTo(200);

            assertThat(busy.readResponse().status()).as("the in-flight request completes").isEqualTo(200);
            stopping.join();
        }
    }

    private int status(String path) {
        try {
            return get(path).status();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void metricsServesTheScrapeAsPrometheusText() throws IOException {
        RawResponse r = get("/metrics");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("content-type")).startsWith("text/plain; version=0.0.4");
        assertThat(r.bodyText()).isEqualTo(SCRAPE);
    }

    @Test
    void configServesTheRenderedConfigAsYaml() throws IOException {
        RawResponse r = get("/config");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("content-type")).startsWith("application/yaml");
        assertThat(r.bodyText()).isEqualTo(CONFIG);
    }

    @Test
    void unknownPathIs404AndOtherMethodsAre405() throws IOException {
        RawResponse missing = get("/api/kv/store/key");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.bodyText()).isEqualTo("{\"error\":\"not found\"}");

        RawResponse post = request(adminPort(), "POST", "/ready", "localhost");
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.header("allow")).isEqualTo("GET, HEAD");
        assertThat(post.bodyText()).isEqualTo("{\"error\":\"method not allowed\"}");
        assertThat(get("/healthy?verbose=1").status()).as("a query string does not change the path").isEqualTo(200);
    }

    @Test
    void foreignHostIsMisdirectedOnALoopbackBind() throws IOException {
        RawResponse r = request(adminPort(), "GET", "/config", "attacker.example.com:" + adminPort());
        assertThat(r.status()).as("DNS rebinding guard").isEqualTo(421);
        assertThat(r.bodyText()).isEqualTo("{\"error\":\"misdirected request\"}");
        assertThat(request(metricsPort(), "GET", "/metrics", "attacker.example.com").status())
                .as("the metrics bind is guarded too").isEqualTo(421);
        assertThat(request(adminPort(), "GET", "/config", "localhost:" + adminPort()).status()).isEqualTo(200);
        assertThat(request(adminPort(), "GET", "/config", "[::1]:" + adminPort()).status()).isEqualTo(200);
    }

    @Test
    void foreignHostBehindALoopbackHostIsMisdirectedToo() throws IOException {
        try (RawHttpConnection c = RawHttpConnection.open(adminPort())) {
            c.send("GET /config HTTP/1.1\r\nHost: localhost\r\nHost: attacker.example.com\r\n\r\n");
            assertThat(c.readResponse().status()).as("every Host value is checked, not only the first").isEqualTo(421);
        }
    }

    @Test
    void metricsAddressServesTheProbesAndTheScrapeOnly() throws IOException {
        int port = metricsPort();
        assertThat(port).isNotEqualTo(adminPort());
        assertThat(request(port, "GET", "/metrics", "localhost").bodyText()).isEqualTo(SCRAPE);
        assertThat(request(port, "GET", "/healthy", "localhost").status()).isEqualTo(200);
        assertThat(request(port, "GET", "/ready", "localhost").status()).isEqualTo(200);
        assertThat(request(port, "GET", "/config", "localhost").status())
                .as("the config stays on the admin address").isEqualTo(404);
    }

    @Test
    void aFailingRendererAnswers500AndIsCounted() throws IOException {
        AdminRoutes routes = new AdminRoutes(new Readiness(clusters, gateway.gateway()::lifecycle),
                () -> {
                    throw new IllegalStateException("registry broke");
                }, () -> CONFIG);
        try (AdminServer broken = new AdminServer(new AdminConfig(new HostPort("127.0.0.1", 0), null, false), routes,
                Transport.select()).start()) {
            RawResponse r = request(broken.port(AdminSurface.ADMIN).orElseThrow(), "GET", "/metrics", "localhost");
            assertThat(r.status()).isEqualTo(500);
            assertThat(r.bodyText()).as("no internal detail").isEqualTo("{\"error\":\"internal error\"}");
            assertThat(routes.failures()).isEqualTo(1);
            assertThat(broken.port(AdminSurface.METRICS)).as("no metrics_address, no metrics socket").isEmpty();
        }
    }

    @Test
    void bindFailureNamesTheAdminAddress() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            HostPort busy = new HostPort("127.0.0.1", taken.getLocalPort());
            AdminServer server = new AdminServer(new AdminConfig(null, busy, false),
                    new AdminRoutes(new Readiness(clusters, gateway.gateway()::lifecycle), () -> "", () -> ""),
                    Transport.select());
            assertThatThrownBy(server::start).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("admin.metrics_address: cannot bind 127.0.0.1:" + taken.getLocalPort());
        }
    }

    static boolean waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }
}
