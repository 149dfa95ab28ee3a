package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.net.InetAddress;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/forwarded-headers.yaml end to end (docs/reference/filters/forwarded_headers.md): clients on
 * several loopback addresses (Linux routes all of 127.0.0.0/8 to lo), 127.0.0.1 standing for the
 * trusted balancer, and a second gateway in front as a real proxy hop.
 */
class ForwardedHeadersExampleTest {
    static final String EXAMPLE = "forwarded-headers.yaml";

    private static RawResponse get(RawHttpConnection conn, String... headerLines) throws IOException {
        StringBuilder head = new StringBuilder("GET /orders HTTP/1.1\r\nHost: shop.example\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        conn.send(head.append("\r\n").toString());
        return conn.readResponse();
    }

    @Test
    void aTrustedProxyNamingADeniedClientGets403AndAnUntrustedPeersClaimIsDropped() throws Exception {
        try (TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", app.address())));
                RawHttpConnection balancer = RawHttpConnection.openFrom(InetAddress.getByName("127.0.0.1"), gw.port());
                RawHttpConnection direct = RawHttpConnection.openFrom(InetAddress.getByName("127.0.0.2"), gw.port())) {
            RawResponse refused = get(balancer, "X-Forwarded-For: 198.51.100.7");
            assertThat(refused.status()).as("the balancer says the client is in the denied range").isEqualTo(403);
            assertThat(app.requestCount()).isZero();

            RawResponse passed = get(balancer, "X-Forwarded-For: 198.51.100.7, 203.0.113.5");
            assertThat(passed.status()).as("203.0.113.5 is the client; what it wrote to its left is not believed")
                    .isEqualTo(200);

            RawResponse forged = get(direct, "X-Forwarded-For: 198.51.100.7", "X-Forwarded-Proto: https",
                    "Forwarded: for=198.51.100.7");
            assertThat(forged.status()).as("a direct client's header does not make it someone else").isEqualTo(200);
            EchoResponse seen = EchoResponse.parse(forged.body());
            assertThat(seen.headerValues("x-forwarded-for")).as("only the real peer goes upstream")
                    .containsExactly("127.0.0.2");
            assertThat(seen.header("x-forwarded-proto")).isEqualTo("http");
            assertThat(seen.headerValues("forwarded")).containsExactly("for=127.0.0.2;host=shop.example;proto=http");
        }
    }

    @Test
    void aForgedHeaderCannotEscapeADenyOnTheRealPeer() throws Exception {
        // The same example with the deny list on the direct client's own address.
        String yaml = Examples.adapted(EXAMPLE, Map.of("198.51.100.0/24", "127.0.0.2"));
        try (TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = RunningGateway.start(yaml.replace("\"127.0.0.1:3001\"", "\"" + app.address() + "\""));
                RawHttpConnection direct = RawHttpConnection.openFrom(InetAddress.getByName("127.0.0.2"), gw.port())) {
            assertThat(get(direct, "X-Forwarded-For: 203.0.113.5").status()).isEqualTo(403);
            assertThat(app.requestCount()).isZero();
        }
    }

    @Test
    void throughTwoProxiesOnlyTheHopTheTrustedOneAddedCounts() throws Exception {
        try (TestOrigin app = TestOrigin.start("app");
                RunningGateway inner = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", app.address())));
                RunningGateway outer = RunningGateway.start(outerProxy(inner.port()));
                RawHttpConnection client = RawHttpConnection.openFrom(InetAddress.getByName("127.0.0.3"), outer.port())) {
            // The client forges a denied address; the outer proxy (not configured to trust anyone)
            // appends the peer it saw, and reaches the example gateway from 127.0.0.1, which it trusts.
            RawResponse r = get(client, "X-Forwarded-For: 198.51.100.7");
            assertThat(r.status()).as("the client is 127.0.0.3, the hop the trusted proxy vouches for").isEqualTo(200);
            assertThat(EchoResponse.parse(r.body()).header("x-forwarded-for"))
                    .as("the chain as each hop wrote it, the forged entry first")
                    .isEqualTo("198.51.100.7, 127.0.0.3, 127.0.0.1");

            RawResponse again = get(client, "X-Forwarded-For: 203.0.113.5, 198.51.100.7");
            assertThat(again.status()).as("whatever the client writes, its own hop is what is checked")
                    .isEqualTo(200);
            assertThat(app.requestCount()).isEqualTo(2);
        }
    }

    /** A plain proxy in front of the example gateway; it connects to it from 127.0.0.1. */
    private static String outerProxy(int innerPort) {
        return """
                listeners:
                  - name: outer
                    address: "127.0.0.1:0"
                    filter_chains: [relay]
                filter_chains:
                  - name: relay
                    filters:
                      - filter: router
                        routes:
                          - path_prefix: "/"
                            cluster: inner
                      - filter: load_balancer
                        clusters:
                          - name: inner
                            endpoints: ["127.0.0.1:%d"]
                insecure_options:
                  allow_private_endpoints: true
                """.formatted(innerPort);
    }
}
