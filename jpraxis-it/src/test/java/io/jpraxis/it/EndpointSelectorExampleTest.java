package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import io.jpraxis.testkit.TestTls;
import io.micrometer.core.instrument.Counter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/endpoint-selector.yaml end to end, and endpoint_selector with a fallback load balancer
 * and over TLS (see docs/reference/filters/endpoint_selector.md): only a value an earlier filter set
 * picks the endpoint; the client's own header never does.
 */
class EndpointSelectorExampleTest {
    static final String EXAMPLE = "endpoint-selector.yaml";
    private static final String HEADER = "x-gateway-destination-endpoint";

    private static String get(String path, String clientHeader) {
        String extra = clientHeader == null ? "" : HEADER + ": " + clientHeader + "\r\n";
        return "GET " + path + " HTTP/1.1\r\nHost: inference\r\n" + extra + "\r\n";
    }

    @Test
    void theTrustedValueSelectsTheSecondOriginAndTheClientsHeaderIsIgnored() throws Exception {
        try (TestOrigin first = TestOrigin.start("pod-a");
                TestOrigin second = TestOrigin.start("pod-b");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE,
                        Map.of("127.0.0.1:3002", second.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse picked = conn.send(get("/v1/completions", null)).readResponse();
            assertThat(picked.status()).isEqualTo(200);
            EchoResponse seen = EchoResponse.parse(picked.body());
            assertThat(seen.origin()).as("the headers filter named the second origin").isEqualTo("pod-b");
            assertThat(seen.hasHeader(HEADER)).as("strip_header: the header never reaches the pod").isFalse();

            RawResponse steered = conn.send(get("/v1/completions", first.address())).readResponse();
            assertThat(EchoResponse.parse(steered.body()).origin())
                    .as("the client's header pointing at the first origin does not steer").isEqualTo("pod-b");

            RawResponse unpicked = conn.send(get("/health", first.address())).readResponse();
            assertThat(unpicked.status()).as("required, nothing trusted set it: the configured 503")
                    .isEqualTo(503);
            assertThat(new String(unpicked.body(), StandardCharsets.UTF_8)).contains("no endpoint selected");
            assertThat(first.requestCount()).as("the client's header never reached its target").isZero();
            assertThat(second.requestCount()).isEqualTo(2);
        }
    }

    @Test
    void withoutATrustedValueTheLoadBalancerPicksAndStrippingOffStillIgnoresTheClient() throws Exception {
        try (TestOrigin pool = TestOrigin.start("pool");
                TestOrigin chosen = TestOrigin.start("chosen");
                TestOrigin elsewhere = TestOrigin.start("elsewhere");
                RunningGateway gw = RunningGateway.start("""
                        listeners:
                          - name: it
                            address: "127.0.0.1:0"
                            filter_chains: [main]
                        filter_chains:
                          - name: main
                            filters:
                              - filter: headers
                                conditions:
                                  - when: {path_prefix: "/picked"}
                                request_set:
                                  - {name: %1$s, value: "%2$s"}
                              - filter: router
                                routes:
                                  - {path_prefix: "/", cluster: pool}
                              - filter: endpoint_selector
                                source_header: %1$s
                                strip_header: false
                              - filter: load_balancer
                                clusters:
                                  - {name: pool, endpoints: ["%3$s"]}
                        insecure_options:
                          allow_private_endpoints: true
                        """.formatted(HEADER, chosen.address(), pool.address()));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse fallback = EchoResponse.parse(conn.send(get("/other", elsewhere.address())).readResponse()
                    .body());
            assertThat(fallback.origin()).as("no trusted value: the load balancer picks as usual").isEqualTo("pool");
            assertThat(fallback.hasHeader(HEADER)).as("the client's copy was removed before the first filter")
                    .isFalse();

            EchoResponse picked = EchoResponse.parse(conn.send(get("/picked", elsewhere.address())).readResponse()
                    .body());
            assertThat(picked.origin()).as("the load balancer leaves a selected upstream alone").isEqualTo("chosen");
            assertThat(picked.headerValues(HEADER)).as("strip_header: false forwards the trusted value only")
                    .containsExactly(chosen.address());
            assertThat(elsewhere.requestCount()).isZero();
            assertThat(counted(gw, "endpoint_selector:" + HEADER)).as("the cluster label of selected requests")
                    .isTrue();
            assertThat(counted(gw, "pool")).as("the fallback keeps the routed cluster's label").isTrue();
        }
    }

    /** An http_callout whose outbound chain is {@code chainFilters} (YAML items), then routing to {@code web}. */
    private static String callout(String chainFilters, String web) {
        return TestConfigs.pipeline("""
                - filter: http_callout
                  copy_request_headers: [x-authz-pod]
                  timeout_ms: 5000
                  outbound_chain:
                    name: authz_chain
                    filters:
                %s
                      - filter: endpoint_selector
                        source_header: x-authz-pod
                        required: true
                - filter: router
                  routes: [{path_prefix: "/", cluster: web}]
                - filter: load_balancer
                  clusters: [{name: web, endpoints: ["%s"]}]
                """.formatted(chainFilters.indent(6).stripTrailing(), web));
    }

    private static String steered(TestOrigin evil) {
        return "GET /orders HTTP/1.1\r\nHost: shop\r\nx-authz-pod: " + evil.address() + "\r\n\r\n";
    }

    @Test
    void inAnOutboundChainTheClientsHeaderIsNotCarriedInAndTheChainsOwnValueSteers() throws Exception {
        try (TestOrigin authz = TestOrigin.start("authz");
                TestOrigin evil = TestOrigin.start("evil");
                TestOrigin web = TestOrigin.start("web")) {
            try (RunningGateway gw = RunningGateway.start(callout("", web.address()), HttpCalloutTest.CHAIN);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                assertThat(conn.send(steered(evil)).readResponse().status())
                        .as("copy_request_headers skips a header the chain owns: nothing selected, the callout "
                                + "fails closed").isEqualTo(503);
                assertThat(evil.requestCount()).as("the client's header never steered the callout").isZero();
            }
            String setter = "- filter: headers\n  request_set: [{name: x-authz-pod, value: \"" + authz.address()
                    + "\"}]";
            try (RunningGateway gw = RunningGateway.start(callout(setter, web.address()), HttpCalloutTest.CHAIN);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse r = conn.send(steered(evil)).readResponse();
                assertThat(r.status()).as("a chain with an endpoint_selector and no load balancer picks its "
                        + "endpoint").isEqualTo(200);
                assertThat(r.echo().origin()).isEqualTo("web");
                assertThat(authz.requestCount()).as("the chain's own value chose the service").isEqualTo(1);
                assertThat(authz.requestHeads().getFirst()).as("stripped before the callout left")
                        .doesNotContainKey("x-authz-pod");
                assertThat(evil.requestCount()).isZero();
            }
        }
    }

    /** The exchange is counted once it ends, just after the client has its answer. */
    private static boolean counted(RunningGateway gw, String cluster) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline) {
            Counter c = gw.meters().find("jpraxis.requests").tags("cluster", cluster).counter();
            if (c != null && c.count() >= 1) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    @Test
    void tlsReachesATlsOriginVerifiedAgainstTheConfiguredCa() throws Exception {
        try (TestOrigin secure = TestOrigin.builder("secure").tls().start()) {
            String yaml = """
                    listeners:
                      - name: it
                        address: "127.0.0.1:0"
                        filter_chains: [main]
                    filter_chains:
                      - name: main
                        filters:
                          - filter: headers
                            request_set:
                              - {name: x-pod, value: "%s"}
                          - filter: endpoint_selector
                            source_header: x-pod
                            required: true
                            connection: {connection_timeout_ms: 2000, total_connection_timeout_ms: 4000}
                            tls:
                              sni: localhost
                              ca: {ca_path: "%s"}
                    insecure_options:
                      allow_private_endpoints: true
                    """;
            try (RunningGateway gw = RunningGateway.start(yaml.formatted(secure.address(), TestTls.file(TestTls.CA)));
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse r = conn.get("/");
                assertThat(r.status()).as("TLS with the test CA trusted").isEqualTo(200);
                assertThat(EchoResponse.parse(r.body()).origin()).isEqualTo("secure");
            }
            try (RunningGateway gw = RunningGateway.start(yaml.formatted(secure.address(),
                    TestTls.file(TestTls.OTHER_CA)));
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                assertThat(conn.get("/").status()).as("an origin the configured CA did not sign is refused")
                        .isEqualTo(502);
            }
        }
    }
}
