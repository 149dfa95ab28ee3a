package io.jpraxis.http.health;

import static io.jpraxis.http.health.HealthCheckClusters.config;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.config.model.HealthCheckConfig.HealthCheckType;
import io.jpraxis.core.balance.Balancer;
import io.jpraxis.core.balance.Balancers;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.http.server.HttpGateway;
import io.jpraxis.http.server.Transport;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The gateway's own health checker ejects endpoints, and the balancer's traffic follows. */
class HealthAwareProxyTest {
    private static final RuntimeServices SERVICES = new RuntimeServices(Clock.systemUTC(), new SplittableRandom(1),
            IdGenerator.sequential("req"));
    private HttpGateway gateway;

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.stop(Duration.ofSeconds(2));
        }
    }

    /** Serves one round-robin cluster over {@code origins}, health-checked by the gateway itself. */
    private ClusterState serve(TestOrigin... origins) {
        int[] ports = new int[origins.length];
        for (int i = 0; i < origins.length; i++) {
            ports[i] = origins[i].port();
        }
        ClusterStates states = new ClusterStates();
        // A generous timeout: a probe timing out on a cold, busy machine would eject a good origin.
        ClusterState cluster = states.stateFor(config("api", new HealthCheckConfig(HealthCheckType.HTTP, "/healthz",
                200, 1000, 900, 1, 2, null, null, ""), ports));
        states.seal();
        Balancer balancer = Balancers.forCluster(cluster, SERVICES);
        CompiledGateway base = TestGateway.builder().allowPrivateUpstreams()
                .filter(TestFilters.onRequest("test_balance", ctx -> {
                    ctx.cluster("api");
                    ctx.upstream(new UpstreamTarget(cluster, balancer.pick(ctx), balancer.reselectorFor(ctx)));
                    return FilterAction.CONTINUE;
                })).compile();
        gateway = new HttpGateway(new CompiledGateway(base.config(), base.features(), base.listeners(), states),
                SERVICES, Transport.select()).start();
        return cluster;
    }

    private static void awaitHealth(EndpointState endpoint, boolean healthy) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (endpoint.healthy() != healthy && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(endpoint.healthy()).as("%s healthy within 10 s", endpoint.endpoint().address()).isEqualTo(healthy);
    }

    @Test
    void trafficAvoidsAnEndpointTheHealthCheckerEjected() throws Exception {
        try (TestOrigin broken = TestOrigin.builder("broken").fixed(500, "text/plain", "down").start();
                TestOrigin good = TestOrigin.start("good")) {
            ClusterState cluster = serve(broken, good);
            awaitHealth(cluster.endpoints().get(0), false);
            awaitHealth(cluster.endpoints().get(1), true);

            try (RawHttpConnection client = RawHttpConnection.open(gateway.port("main"))) {
                for (int i = 0; i < 20; i++) {
                    RawResponse response = client.get("/items/" + i);
                    assertThat(response.status()).as("request %d", i).isEqualTo(200);
                    assertThat(response.header(OriginCommands.ORIGIN_NAME)).as("request %d skips the ejected origin", i)
                            .isEqualTo("good");
                }
            }
        }
    }

    @Test
    void whenEveryEndpointIsEjectedTrafficStillFlowsToAllOfThem() throws Exception {
        try (TestOrigin first = TestOrigin.builder("first").fixed(500, "text/plain", "down").start();
                TestOrigin second = TestOrigin.builder("second").fixed(500, "text/plain", "down").start()) {
            ClusterState cluster = serve(first, second);
            awaitHealth(cluster.endpoints().get(0), false);
            awaitHealth(cluster.endpoints().get(1), false);

            Set<String> answeredBy = new HashSet<>();
            try (RawHttpConnection client = RawHttpConnection.open(gateway.port("main"))) {
                for (int i = 0; i < 10; i++) {
                    RawResponse response = client.get("/");
                    assertThat(response.status()).as("panic mode proxies; the 500 is the origin's, not a 503")
                            .isEqualTo(500);
                    answeredBy.add(response.header(OriginCommands.ORIGIN_NAME));
                }
            }
            assertThat(answeredBy).as("panic mode balances over all endpoints").containsExactlyInAnyOrder("first", "second");
        }
    }
}
