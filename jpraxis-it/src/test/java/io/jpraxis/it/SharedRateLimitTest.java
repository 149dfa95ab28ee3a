package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.store.LettuceStores;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.RedisServer;
import io.jpraxis.testkit.TestOrigin;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/**
 * {@code rate_limit} on a shared store (see docs/behaviour/shared-state.md#rate_limit), against a
 * real {@code redis-server}: replicas draw from one bucket, a store outage fails requests closed
 * (or open when the filter says so) and service comes back with the store, a slow store delays
 * only the requests that wait on it, and a store that refuses the credentials is an error at start.
 */
@Timeout(120)
class SharedRateLimitTest {
    private RedisServer redis;
    private TestOrigin origin;
    private LettuceStores stores;

    @BeforeEach
    void start() {
        redis = RedisServer.start();
        origin = TestOrigin.start("app");
        stores = new LettuceStores();
    }

    @AfterEach
    void stop() {
        stores.close();
        origin.close();
        redis.close();
    }

    /** The port of the listener without rate_limit, beside the limited one. */
    private final int openPort = TestOrigin.unusedPort();

    /**
     * A limited listener at {@code address} (rate_limit on the store: 10 at once, one more every 6 s)
     * and an open one on {@link #openPort}, whose requests never wait on the store.
     */
    private String config(String address, String backendUrl, String extra) {
        return """
                listeners:
                  - name: limited
                    address: "%s"
                    filter_chains: [limited, app]
                  - name: open
                    address: "127.0.0.1:%d"
                    filter_chains: [app]
                filter_chains:
                  - name: limited
                    filters:
                      - filter: rate_limit
                        mode: global
                        rate: 0.1667
                        burst: 10
                        backend: {kind: valkey, url: "%s", namespace: "it:%s"}
                %s
                  - name: app
                    filters:
                      - filter: router
                        routes: [{path_prefix: /, cluster: app}]
                      - filter: load_balancer
                        clusters: [{name: app, endpoints: ["%s"]}]
                insecure_options:
                  allow_private_endpoints: true
                """.formatted(address, openPort, backendUrl, Long.toHexString(System.nanoTime()),
                extra.indent(8).stripTrailing(), origin.address());
    }

    private RunningGateway inProcess(String yaml) {
        return RunningGateway.start(yaml, FeatureSet.NONE, RuntimeServices.system().withStores(stores),
                FilterRegistry.withBuiltIns(GatewayFilters.all()));
    }

    private static int status(int port, String path) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(port)) {
            return conn.get(path).status();
        }
    }

    @Test
    void threeReplicasOnOneStoreAdmitTenInTotalNotThirty() throws Exception {
        List<Integer> ports = List.of(TestOrigin.unusedPort(), TestOrigin.unusedPort(), TestOrigin.unusedPort());
        String namespace = "it:replicas";
        List<GatewayProcess> replicas = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(6);
        try {
            for (int port : ports) {
                String yaml = config("127.0.0.1:" + port, redis.url(), "").replaceAll("namespace: \"it:[0-9a-f]+\"",
                        "namespace: \"" + namespace + "\"").replace("127.0.0.1:" + openPort,
                        "127.0.0.1:" + TestOrigin.unusedPort()); // each replica its own open listener
                replicas.add(GatewayProcess.serve(yaml, port, List.of("-Xmx128m")));
            }
            List<CompletableFuture<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                int port = ports.get(i % 3);
                answers.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return status(port, "/limited");
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, clients));
            }
            List<Integer> statuses = answers.stream().map(CompletableFuture::join).toList();

            assertThat(statuses.stream().filter(s -> s == 200).count()).as("one bucket of 10 for all three: %s",
                    statuses).isEqualTo(10);
            assertThat(statuses.stream().filter(s -> s == 429).count()).isEqualTo(20);
        } finally {
            clients.shutdownNow();
            replicas.forEach(GatewayProcess::close);
        }
    }

    @Test
    void aStoppedStoreFailsRequestsClosedAndServiceReturnsWithTheStore() throws Exception {
        try (RunningGateway gw = inProcess(config("127.0.0.1:0", redis.url(), ""))) {
            assertThat(status(gw.port(), "/limited")).isEqualTo(200);

            redis.stop();
            assertThat(status(gw.port(), "/limited")).as("fails closed").isEqualTo(503);
            assertThat(status(openPort, "/other")).as("a request that needs no store is served").isEqualTo(200);
            assertThat(counter(gw, "jpraxis.rate_limit.store.errors")).isGreaterThanOrEqualTo(1);

            redis.restart();
            assertThat(awaitStatus(gw.port(), 200)).as("back within 5 s of the store, no gateway restart").isTrue();
        }
    }

    @Test
    void onBackendErrorOpenAdmitsWhileTheStoreIsDownAndCountsIt() throws Exception {
        try (RunningGateway gw = inProcess(config("127.0.0.1:0", redis.url(), "on_backend_error: open"))) {
            redis.stop();
            assertThat(status(gw.port(), "/limited")).isEqualTo(200);
            assertThat(counter(gw, "jpraxis.rate_limit.store.fail_open_admissions")).isEqualTo(1);
        }
    }

    @Test
    void aSlowStoreDelaysOnlyTheRequestsThatWaitOnIt() throws Exception {
        try (RunningGateway gw = inProcess(config("127.0.0.1:0", redis.url(), ""))) {
            assertThat(status(gw.port(), "/limited")).isEqualTo(200);
            // The store sleeps 300 ms (under the 500 ms call limit): the limited request waits for it.
            CompletableFuture<String> sleep = CompletableFuture.supplyAsync(() -> {
                try {
                    return redis.command("DEBUG", "SLEEP", "0.3");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(50); // the sleep has begun on the store
            List<String> order = java.util.Collections.synchronizedList(new ArrayList<>());
            CompletableFuture<Void> limited = CompletableFuture.runAsync(() -> record(order, gw.port(), "/limited"));
            Thread.sleep(20);
            record(order, openPort, "/other"); // on the same event loops, while the limited one waits

            limited.get(5, TimeUnit.SECONDS);
            sleep.get(5, TimeUnit.SECONDS);
            assertThat(order).as("the store's delay held back no other request").containsExactly("/other 200",
                    "/limited 200");
        }
    }

    @Test
    void aStoreThatRefusesTheCredentialsIsAnErrorAtStartAndRequestsFailUntilItAccepts() throws Exception {
        redis.close();
        Logger storeLog = (Logger) LoggerFactory.getLogger("io.jpraxis.store.LettuceStore");
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        storeLog.addAppender(logged);
        try (RedisServer secured = RedisServer.start("right-password");
                RunningGateway gw = inProcess(config("127.0.0.1:0", secured.url("wrong-password"), ""))) {
            // At start, unless that first connect was too slow (a loaded machine): then at the next use.
            assertThat(awaitLogged(logged, gw.port())).as("logged as an error, password not shown").isTrue();
            List<ILoggingEvent> seen;
            synchronized (logged) {
                seen = new ArrayList<>(logged.list);
            }
            assertThat(seen.stream().filter(e -> e.getLevel() == Level.ERROR).map(ILoggingEvent::getFormattedMessage))
                    .allSatisfy(m -> assertThat(m).doesNotContain("wrong-password"));
            assertThat(status(gw.port(), "/limited")).isEqualTo(503);

            secured.command("CONFIG", "SET", "requirepass", "wrong-password"); // the operator fixes the store
            assertThat(awaitStatus(gw.port(), 200)).as("served once the store accepts them").isTrue();
        } finally {
            storeLog.detachAppender(logged);
            redis = RedisServer.start(); // for @AfterEach
        }
    }

    @Test
    void readyListsTheStoreAndStaysReadyThroughAnOutageWhileMetricsCountTheFailures() throws Exception {
        RuntimeServices services = RuntimeServices.system().withStores(stores);
        FilterRegistry registry = FilterRegistry.withBuiltIns(GatewayFilters.all());
        String yaml = config("127.0.0.1:0", redis.url(), "") + "admin:\n  address: \"127.0.0.1:0\"\n";
        CompileResult built = new GatewayBuilder(FeatureSet.NONE, services, registry).build(yaml);
        assertThat(built.ok()).as(built.diagnostics().all().toString()).isTrue();
        ServingGateway gw = ServingGateway.start(built.gateway(), services, registry);
        try {
            int admin = gw.adminPort(AdminSurface.ADMIN).orElseThrow();
            int port = gw.http().port("limited");
            assertThat(status(port, "/limited")).isEqualTo(200);
            HttpResponse<String> ready = Http.get(URI.create("http://127.0.0.1:" + admin + "/ready"));
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).contains("\"stores\":[{\"store\":\"" + redis.url() + "\",\"connected\":true");

            redis.stop();
            assertThat(status(port, "/limited")).isEqualTo(503);
            HttpResponse<String> during = Http.get(URI.create("http://127.0.0.1:" + admin + "/ready"));
            assertThat(during.statusCode()).as("a store outage must not take the replica out of the Service")
                    .isEqualTo(200);
            assertThat(during.body()).contains("\"connected\":false").contains("\"last_error\":");
            String metrics = Http.get(URI.create("http://127.0.0.1:" + admin + "/metrics")).body();
            assertThat(metrics).containsPattern("(?m)^jpraxis_store_failures_total\\{store=\"redis://127\\.0\\.0\\.1:"
                    + redis.port() + "\"} [1-9]").contains("jpraxis_store_calls_total{").contains("jpraxis_store_connected{");
        } finally {
            gw.shutdown(java.time.Duration.ofSeconds(1));
        }
    }

    private static void record(List<String> order, int port, String path) {
        try {
            order.add(path + " " + status(port, path));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean awaitStatus(int port, int wanted) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            if (status(port, "/limited") == wanted) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    private static boolean awaitLogged(ListAppender<ILoggingEvent> logged, int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            List<ILoggingEvent> events;
            synchronized (logged) { // the appender appends under its own lock, from the store's threads
                events = new ArrayList<>(logged.list);
            }
            if (events.stream().anyMatch(e -> e.getLevel() == Level.ERROR
                    && e.getFormattedMessage().contains("refused the credentials"))) {
                return true;
            }
            assertThat(status(port, "/limited")).as("never admitted without the store").isEqualTo(503);
            Thread.sleep(100);
        }
        return false;
    }

    private static double counter(RunningGateway gw, String name) {
        return gw.meters().get(name).functionCounter().count();
    }
}
