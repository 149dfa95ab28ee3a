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
 * {@code sticky_sessions} on a shared store (see docs/behaviour/shared-state.md#sticky_sessions):
 * three replicas, each with its own store client, keep a session on the endpoint that first served
 * it, whichever replica a request reaches; without the store, round robin would spread them.
 */
@Timeout(60)
class SharedStickySessionsTest {
    private RedisServer redis;
    private TestOrigin one;
    private TestOrigin two;

    @BeforeEach
    void start() {
        redis = RedisServer.start();
        one = TestOrigin.start("one");
        two = TestOrigin.start("two");
    }

    @AfterEach
    void stop() {
        one.close();
        two.close();
        redis.close();
    }

    private String config() {
        return TestConfigs.pipeline("""
                - filter: router
                  routes: [{path_prefix: /, cluster: app}]
                - filter: sticky_sessions
                  clusters:
                    - {name: app, type: header, header_name: x-user}
                  backend: {kind: valkey, url: "%s", namespace: "it:sticky"}
                - filter: load_balancer
                  clusters:
                    - name: app
                      endpoints: ["%s", "%s"]
                """.formatted(redis.url(), one.address(), two.address()));
    }

    private static String origin(int port, String user) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(port)) {
            RawResponse r = conn.send("GET / HTTP/1.1\r\nHost: app\r\nx-user: " + user + "\r\n\r\n").readResponse();
            assertThat(r.status()).isEqualTo(200);
            return r.echo().origin();
        }
    }

    @Test
    void aSessionStaysOnItsEndpointWhicheverReplicaServesIt() throws Exception {
        List<LettuceStores> clients = new ArrayList<>();
        List<RunningGateway> replicas = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                LettuceStores stores = new LettuceStores();
                clients.add(stores);
                replicas.add(RunningGateway.start(config(), FeatureSet.NONE, RuntimeServices.system().withStores(stores),
                        FilterRegistry.withBuiltIns(GatewayFilters.all())));
            }
            // Several sessions: with tables of their own, replicas would agree on each only by chance.
            for (String user : List.of("alice", "bob", "carol", "dave", "erin")) {
                String first = origin(replicas.get(0).port(), user);
                List<String> later = new ArrayList<>();
                for (int round = 0; round < 2; round++) {
                    for (RunningGateway replica : replicas) {
                        later.add(origin(replica.port(), user));
                    }
                }
                assertThat(later).as("%s: six requests over three replicas, one endpoint", user).containsOnly(first);
            }
        } finally {
            replicas.forEach(RunningGateway::close);
            clients.forEach(LettuceStores::close);
        }
    }
}
