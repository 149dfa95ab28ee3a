package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Routing by path and host, and balancing spreads, over real sockets. */
class RoutingAndBalancingTest {
    private TestOrigin a;
    private TestOrigin b;
    private TestOrigin c;

    @BeforeEach
    void origins() {
        a = TestOrigin.start("a");
        b = TestOrigin.start("b");
        c = TestOrigin.start("c");
    }

    @AfterEach
    void stop() {
        a.close();
        b.close();
        c.close();
    }

    @Test
    void routesByPathPrefixAndByHost() throws Exception {
        String yaml = TestConfigs.routed("""
                - path_prefix: "/api"
                  cluster: api
                - path_prefix: "/"
                  host: "*.docs.example"
                  cluster: docs
                - path_prefix: "/"
                  cluster: web
                """, """
                - name: api
                  endpoints: ["%s"]
                - name: docs
                  endpoints: ["%s"]
                - name: web
                  endpoints: ["%s"]
                """.formatted(a.address(), b.address(), c.address()));
        try (RunningGateway gw = RunningGateway.start(yaml);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(originOf(conn, "/api/v1/models", "gw.test")).isEqualTo("a");
            assertThat(originOf(conn, "/apikeys", "gw.test")).as("prefix matches at segment boundary only")
                    .isEqualTo("c");
            assertThat(originOf(conn, "/guide", "en.docs.example")).as("wildcard host route").isEqualTo("b");
            assertThat(originOf(conn, "/guide", "docs.example")).as("*.x needs one label").isEqualTo("c");
            assertThat(originOf(conn, "/api/x", "en.docs.example")).as("longest prefix wins over host")
                    .isEqualTo("a");
        }
    }

    private static String originOf(RawHttpConnection conn, String path, String host) throws Exception {
        conn.send("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
        RawResponse response = conn.readResponse();
        assertThat(response.status()).as(path + " on " + host).isEqualTo(200);
        return EchoResponse.parse(response.body()).origin();
    }

    @Test
    void roundRobinSpreadsEvenlyOverAThousandRequests() {
        String yaml = TestConfigs.routed("""
                - path_prefix: "/"
                  cluster: pool
                """, """
                - name: pool
                  endpoints: ["%s", "%s"]
                """.formatted(a.address(), b.address()));
        assertThat(spread(yaml, 1000)).containsExactlyInAnyOrderEntriesOf(Map.of("a", 500, "b", 500));
    }

    @Test
    void weightsSkewTheSpreadExactly() {
        String yaml = TestConfigs.routed("""
                - path_prefix: "/"
                  cluster: pool
                """, """
                - name: pool
                  endpoints:
                    - address: "%s"
                      weight: 3
                    - "%s"
                """.formatted(a.address(), b.address()));
        assertThat(spread(yaml, 1000)).as("weight 3:1 over whole cycles")
                .containsExactlyInAnyOrderEntriesOf(Map.of("a", 750, "b", 250));
    }

    private static Map<String, Integer> spread(String yaml, int requests) {
        Map<String, Integer> counts = new TreeMap<>();
        try (RunningGateway gw = RunningGateway.start(yaml);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < requests; i++) {
                counts.merge(EchoResponse.parse(conn.get("/r" + i).body()).origin(), 1, Integer::sum);
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return counts;
    }

    @Test
    void keepAliveReusesUpstreamConnections() throws Exception {
        String yaml = TestConfigs.routed("""
                - path_prefix: "/"
                  cluster: one
                """, """
                - name: one
                  endpoints: ["%s"]
                """.formatted(a.address()));
        try (RunningGateway gw = RunningGateway.start(yaml);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 200; i++) {
                assertThat(conn.get("/k" + i).status()).isEqualTo(200);
            }
            assertThat(a.requestCount()).isEqualTo(200);
            assertThat(a.acceptedConnections()).as("sequential requests share one pooled upstream connection")
                    .isEqualTo(1);
        }
    }
}
