package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.store.LettuceStores;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RedisServer;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
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

/**
 * {@code token_rate_limit} on a shared store (see docs/behaviour/shared-state.md#token_rate_limit),
 * against a real {@code redis-server}: three gateway processes draw from one token budget, and a
 * store outage fails admissions closed (or open when the filter says so). The fake provider
 * reports 29 tokens per completion; each request reserves 20, so every settlement is an overage
 * and the budget can be overshot only by the requests still unsettled when it ran out.
 */
@Timeout(180)
class SharedTokenRateLimitTest {
    private static final long CAPACITY = 1_000;
    private static final long ESTIMATE = 20;
    private static final long USAGE = 29;
    private static final int CLIENTS = 6;
    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[]}";

    private RedisServer redis;
    private FakeChatProvider provider;

    @BeforeEach
    void start() throws Exception {
        redis = RedisServer.start();
        provider = FakeChatProvider.start();
    }

    @AfterEach
    void stop() {
        provider.close();
        redis.close();
    }

    private String config(int port, String namespace, String extra) {
        return """
                listeners:
                  - name: ai
                    address: "127.0.0.1:%d"
                    filter_chains: [models]
                filter_chains:
                  - name: models
                    filters:
                      - filter: token_rate_limit
                        backend: {kind: valkey, url: "%s", namespace: "%s"}
                %s
                        rules:
                          - name: chat
                            algorithm: sliding_window
                            window: 1h
                            capacity: %d
                            estimation: {strategy: max_tokens, fallback_estimate: %d}
                      - filter: token_count
                        provider: openai
                      - filter: router
                        routes: [{path_prefix: /, cluster: provider}]
                      - filter: load_balancer
                        clusters: [{name: provider, endpoints: ["%s"]}]
                insecure_options:
                  allow_private_endpoints: true
                """.formatted(port, redis.url(), namespace, extra.indent(8).stripTrailing(), CAPACITY, ESTIMATE,
                provider.address());
    }

    private static int chat(int port) {
        try (RawHttpConnection conn = RawHttpConnection.open(port)) {
            return conn.send("POST /v1/chat/completions HTTP/1.1\r\nHost: ai\r\ncontent-type: application/json\r\n"
                    + "content-length: " + CHAT.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + CHAT)
                    .readResponse().status();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void threeReplicasOnOneStoreSpendOneBudgetOverspentOnlyByTheRequestsInFlight() throws Exception {
        List<Integer> ports = List.of(TestOrigin.unusedPort(), TestOrigin.unusedPort(), TestOrigin.unusedPort());
        List<GatewayProcess> replicas = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            for (int port : ports) {
                replicas.add(GatewayProcess.serve(config(port, "it:trl", ""), port, List.of("-Xmx128m"),
                        List.of("--features", "token-rate-limit-filter")));
            }
            List<CompletableFuture<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 90; i++) {
                int port = ports.get(i % 3);
                answers.add(CompletableFuture.supplyAsync(() -> chat(port), clients));
            }
            List<Integer> statuses = answers.stream().map(CompletableFuture::join).toList();
            long admitted = statuses.stream().filter(s -> s == 200).count();

            assertThat(statuses).as("admitted or refused for the budget, nothing else").containsOnly(200, 429);
            assertThat(admitted).as("one budget for three replicas, three in memory would admit all 90")
                    .isBetween(20L, 60L);
            // Unsettled at the last admission: the clients' requests in flight, and settlements the gateways
            // had not yet written to the store (they run after the response, never before it).
            long inFlight = 2L * CLIENTS;
            assertThat(admitted * USAGE).as("reported usage of the admitted requests")
                    .isLessThanOrEqualTo(CAPACITY + inFlight * ESTIMATE);
            assertThat(chat(ports.get(0))).as("the budget is spent for every replica").isEqualTo(429);
            assertThat(chat(ports.get(2))).isEqualTo(429);
        } finally {
            clients.shutdownNow();
            replicas.forEach(GatewayProcess::close);
        }
    }

    private RunningGateway inProcess(LettuceStores stores, String extra) {
        return RunningGateway.start(config(0, "it:trl:" + Long.toHexString(System.nanoTime()), extra),
                FeatureSet.of(Feature.TOKEN_RATE_LIMIT_FILTER), RuntimeServices.system().withStores(stores),
                FilterRegistry.withBuiltIns(GatewayFilters.all()));
    }

    @Test
    void aStoppedStoreFailsAdmissionClosedAndServiceReturnsWithTheStore() throws Exception {
        try (LettuceStores stores = new LettuceStores(); RunningGateway gw = inProcess(stores, "")) {
            assertThat(awaitStatus(gw.port(), 200)).as("admitted once the client has connected").isTrue();
            redis.stop();
            assertThat(chat(gw.port())).as("fails closed").isEqualTo(503);
            assertThat(backendErrors(gw)).isGreaterThanOrEqualTo(1);
            redis.restart();
            assertThat(awaitStatus(gw.port(), 200)).as("back with the store, no gateway restart").isTrue();
        }
    }

    @Test
    void onBackendErrorOpenAdmitsWhileTheStoreIsDownAndCountsIt() throws Exception {
        try (LettuceStores stores = new LettuceStores(); RunningGateway gw = inProcess(stores, "on_backend_error: open")) {
            redis.stop();
            assertThat(chat(gw.port())).as("admitted without a reservation").isEqualTo(200);
            assertThat(backendErrors(gw)).isEqualTo(1);
        }
    }

    private static double backendErrors(RunningGateway gw) {
        return gw.meters().get("praxis.trl.backend.errors").tag("backend", "valkey").functionCounter().count();
    }

    private static boolean awaitStatus(int port, int wanted) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (chat(port) == wanted) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }
}
