package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.store.LettuceStores;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.RedisServer;
import io.jpraxis.testkit.TestOrigin;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code intelligent_route} session affinity on a shared store (see
 * docs/behaviour/shared-state.md#session-affinity), against a real {@code redis-server}: a pick made
 * on one replica is honoured on the others, even where their own fresh pick would differ; a store
 * outage fails the request closed.
 */
@Timeout(120)
class SharedAffinityTest {
    private RedisServer redis;
    private TestOrigin a;
    private TestOrigin b;

    @BeforeEach
    void start() {
        redis = RedisServer.start();
        a = TestOrigin.start("a");
        b = TestOrigin.start("b");
    }

    @AfterEach
    void stop() {
        a.close();
        b.close();
        redis.close();
    }

    /** A replica whose fresh picks prefer {@code first}: the candidates' order is all that differs. */
    private String config(int port, String first, String second) {
        return """
                listeners:
                  - name: ai
                    address: "127.0.0.1:%d"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: intelligent_route
                        local_site: hub
                        session_affinity:
                          enabled: true
                          header: x-session
                          backend: {kind: valkey, url: "%s", namespace: "it:affinity"}
                        candidates:
                          - {kind: inference_model, name: m, site: hub, cluster: %s}
                          - {kind: inference_model, name: m, site: hub, cluster: %s}
                      - filter: load_balancer
                        clusters:
                          - {name: a, endpoints: ["%s"]}
                          - {name: b, endpoints: ["%s"]}
                insecure_options:
                  allow_private_endpoints: true
                """.formatted(port, redis.url(), first, second, a.address(), b.address());
    }

    private static String origin(int port, String session) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(port)) {
            RawResponse r = conn.send("GET /v1/chat HTTP/1.1\r\nHost: ai\r\nX-Model: m\r\nx-session: " + session
                    + "\r\n\r\n").readResponse();
            assertThat(r.status()).isEqualTo(200);
            return r.echo().origin();
        }
    }

    @Test
    void aPickMadeOnOneReplicaIsHonouredOnTheOthers() throws Exception {
        List<Integer> ports = List.of(TestOrigin.unusedPort(), TestOrigin.unusedPort(), TestOrigin.unusedPort());
        List<GatewayProcess> replicas = new ArrayList<>();
        try {
            replicas.add(GatewayProcess.serve(config(ports.get(0), "a", "b"), ports.get(0), List.of("-Xmx128m")));
            replicas.add(GatewayProcess.serve(config(ports.get(1), "b", "a"), ports.get(1), List.of("-Xmx128m")));
            replicas.add(GatewayProcess.serve(config(ports.get(2), "b", "a"), ports.get(2), List.of("-Xmx128m")));

            assertThat(origin(ports.get(0), "session-1")).as("replica 1 picks a").isEqualTo("a");
            assertThat(origin(ports.get(1), "session-1")).as("replica 2 honours it").isEqualTo("a");
            assertThat(origin(ports.get(2), "session-1")).as("and replica 3").isEqualTo("a");
            assertThat(origin(ports.get(1), "session-2")).as("a new session on replica 2 gets its own pick")
                    .isEqualTo("b");
            assertThat(origin(ports.get(0), "session-2")).as("which replica 1 honours").isEqualTo("b");
            assertThat(redis.command("DBSIZE")).as("one key per session, no raw session key").isEqualTo(":2");
        } finally {
            replicas.forEach(GatewayProcess::close);
        }
    }

    @Test
    void aStoppedStoreFailsTheRequestClosed() throws Exception {
        int port = TestOrigin.unusedPort();
        try (LettuceStores stores = new LettuceStores();
                RunningGateway gw = RunningGateway.start(config(port, "a", "b"), FeatureSet.NONE,
                        RuntimeServices.system().withStores(stores), FilterRegistry.withBuiltIns(GatewayFilters.all()))) {
            assertThat(origin(port, "s")).isEqualTo("a");
            redis.stop();
            try (RawHttpConnection conn = RawHttpConnection.open(port)) {
                RawResponse r = conn.send("GET /v1/chat HTTP/1.1\r\nHost: ai\r\nX-Model: m\r\nx-session: s\r\n\r\n")
                        .readResponse();
                assertThat(r.status()).isEqualTo(503);
                assertThat(r.bodyText()).contains("session affinity store unavailable");
            }
        }
    }
}
