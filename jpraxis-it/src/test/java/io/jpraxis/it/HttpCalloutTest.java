package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import org.junit.jupiter.api.Test;

/**
 * {@code http_callout} end to end (see docs/behaviour/outbound-chains.md#outbound-chains): real
 * origins for the authorization service and the application, the callout sent through the edge's
 * sub-request client along its outbound chain.
 */
class HttpCalloutTest {
    static final FeatureSet CHAIN = FeatureSet.of(Feature.CHAIN_BINDING);
    /** The test origin obeys these request headers; the callout copies them, the application never sees them. */
    private static final String COMMANDS = "[x-origin-status, x-origin-respond-header, x-origin-delay-ms]";

    /** An http_callout to {@code authz} (with {@code options}), then routing to {@code web}. */
    static String config(String authz, String web, String options) {
        return TestConfigs.pipeline("""
                - filter: http_callout
                  outbound_chain:
                    name: authz_chain
                    filters:
                      - filter: router
                        routes:
                          - path_prefix: "/"
                            cluster: authz
                      - filter: load_balancer
                        clusters:
                          - name: authz
                            endpoints: ["%s"]
                  copy_request_headers: %s
                %s
                - filter: headers
                  request_remove: [x-origin-status, x-origin-respond-header, x-origin-delay-ms]
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: web
                - filter: load_balancer
                  clusters:
                    - name: web
                      endpoints: ["%s"]
                """.formatted(authz, COMMANDS, options.indent(2).stripTrailing(), web),
                // http_callout is security-class: one test runs it with failure_mode: open.
                "insecure_options:\n  allow_private_endpoints: true\n  allow_open_security_filters: true\n");
    }

    @Test
    void anAllowedRequestGoesOnAndTheServiceSeesOnlyWhatWasConfigured() throws Exception {
        try (TestOrigin authz = TestOrigin.start("authz"); TestOrigin web = TestOrigin.start("web");
                RunningGateway gw = RunningGateway.start(config(authz.address(), web.address(), """
                        method: POST
                        path: "/check{path}"
                        headers:
                          - name: X-Callout
                            value: gateway
                        body: {header: x-user}
                        timeout_ms: 5000
                        """), CHAIN);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.send("GET /orders/7?full=1 HTTP/1.1\r\nHost: shop\r\nAuthorization: Bearer client\r\n"
                    + "X-User: alice\r\n\r\n").readResponse();
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.echo().origin()).isEqualTo("web");
            assertThat(r.echo().header("authorization")).as("the application still gets the client's credential")
                    .isEqualTo("Bearer client");
            assertThat(authz.requestLines()).as("method and path template").containsExactly("POST /check/orders/7");
            assertThat(authz.requestHeads().getFirst())
                    .as("the callout carries its fixed header, and never the client's Authorization unless listed")
                    .containsEntry("x-callout", "gateway").doesNotContainKey("authorization")
                    .doesNotContainKey("x-user").containsEntry("content-length", "5");
            assertThat(authz.bodyBytesReceived()).as("the body is the x-user header's value").isEqualTo(5);
        }
    }

    @Test
    void aDeniedRequestGetsTheDenyStatusWithTheChosenServiceHeaders() throws Exception {
        try (TestOrigin authz = TestOrigin.start("authz"); TestOrigin web = TestOrigin.start("web");
                RunningGateway gw = RunningGateway.start(config(authz.address(), web.address(), """
                        timeout_ms: 5000
                        deny_headers: [www-authenticate]
                        """), CHAIN);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.send("GET /orders HTTP/1.1\r\nHost: shop\r\nx-origin-status: 401\r\n"
                    + "x-origin-respond-header: WWW-Authenticate: Bearer realm=\"shop\"\r\n"
                    + "x-origin-respond-header: X-Internal: secret\r\n\r\n").readResponse();
            assertThat(r.status()).as("any status outside allow_statuses denies with deny_status").isEqualTo(403);
            assertThat(r.header("www-authenticate")).isEqualTo("Bearer realm=\"shop\"");
            assertThat(r.header("x-internal")).as("only deny_headers reach the client").isNull();
            assertThat(r.bodyText()).endsWith(",\"detail\":\"request denied\"}");
            assertThat(web.requestCount()).as("a denied request never reaches the application").isZero();
        }
    }

    @Test
    void aTimedOutCalloutFailsClosedWith504AndOpenGoesOn() throws Exception {
        try (TestOrigin authz = TestOrigin.start("authz"); TestOrigin web = TestOrigin.start("web")) {
            String slow = "GET /orders HTTP/1.1\r\nHost: shop\r\nx-origin-delay-ms: 3000\r\n\r\n";
            try (RunningGateway gw = RunningGateway.start(config(authz.address(), web.address(), "timeout_ms: 200\n"),
                    CHAIN); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                assertThat(conn.send(slow).readResponse().status()).as("failure_mode closed (default)").isEqualTo(504);
                assertThat(web.requestCount()).isZero();
            }
            try (RunningGateway gw = RunningGateway.start(config(authz.address(), web.address(),
                    "timeout_ms: 200\nfailure_mode: open\n"), CHAIN);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse r = conn.send(slow).readResponse();
                assertThat(r.status()).as("failure_mode open lets the request go on").isEqualTo(200);
                assertThat(r.echo().origin()).isEqualTo("web");
            }
        }
    }

    @Test
    void aCalloutThatCannotConnectFailsClosedWith503() throws Exception {
        String closed = "127.0.0.1:" + TestOrigin.unusedPort();
        try (TestOrigin web = TestOrigin.start("web");
                RunningGateway gw = RunningGateway.start(config(closed, web.address(), "timeout_ms: 1000\n"), CHAIN);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/orders");
            assertThat(r.status()).isEqualTo(503);
            assertThat(r.bodyText()).endsWith(",\"detail\":\"service unavailable\"}");
            assertThat(web.requestCount()).isZero();
        }
    }

    @Test
    void publishedResultsDriveABranchAndServiceHeadersGoUpstreamWithoutLeakingToTheNextRequest() throws Exception {
        try (TestOrigin authz = TestOrigin.start("authz"); TestOrigin web = TestOrigin.start("web");
                RunningGateway gw = RunningGateway.start(config(authz.address(), web.address(), """
                        timeout_ms: 5000
                        publish_headers: [x-tier]
                        upstream_headers: [x-user-id]
                        branch_chains:
                          - name: gold
                            on_result: {filter: http_callout, key: x-tier, result: gold}
                            chains:
                              - name: gold_marker
                                filters:
                                  - filter: headers
                                    request_set:
                                      - name: X-Gold
                                        value: "yes"
                        """), CHAIN);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse gold = conn.send("GET /a HTTP/1.1\r\nHost: shop\r\nX-User-Id: forged\r\n"
                    + "x-origin-respond-header: X-Tier: gold\r\nx-origin-respond-header: X-User-Id: 42\r\n\r\n")
                    .readResponse();
            assertThat(gold.status()).isEqualTo(200);
            assertThat(gold.echo().header("x-gold")).as("the branch fired on the published x-tier").isEqualTo("yes");
            assertThat(gold.echo().headerValues("x-user-id")).as("the service's value replaces the client's")
                    .containsExactly("42");
            RawResponse plain = conn.send("GET /b HTTP/1.1\r\nHost: shop\r\nX-User-Id: forged\r\n\r\n").readResponse();
            assertThat(plain.status()).isEqualTo(200);
            assertThat(plain.echo().hasHeader("x-gold")).as("no result carries over on keep-alive").isFalse();
            assertThat(plain.echo().hasHeader("x-user-id"))
                    .as("the client's copy of an upstream header is stripped even when the service sends none")
                    .isFalse();
            assertThat(web.acceptedConnections()).isEqualTo(1);
        }
    }

    @Test
    void theOutboundChainBindsItsOwnClusterAndTheParentsBindingIsUntouched() throws Exception {
        try (TestOrigin authz = TestOrigin.start("authz"); TestOrigin web = TestOrigin.start("web")) {
            String yaml = TestConfigs.pipeline("""
                    - filter: router
                      routes:
                        - path_prefix: "/"
                          cluster: web
                    - filter: http_callout
                      timeout_ms: 5000
                      outbound_chain:
                        name: authz_chain
                        filters:
                          - filter: router
                            routes:
                              - path_prefix: "/"
                                cluster: authz
                          - filter: headers
                            conditions:
                              - when:
                                  bound_upstream:
                                    application_protocol: authz_v1
                            request_set:
                              - name: X-Callout-Bound
                                value: authz
                          - filter: load_balancer
                            cluster_source: bound_upstream
                            clusters:
                              - name: authz
                                http:
                                  application_protocol: authz_v1
                                endpoints: ["%s"]
                    - filter: headers
                      conditions:
                        - when:
                            bound_upstream:
                              application_provider: web_provider
                      request_set:
                        - name: X-Parent-Bound
                          value: web
                    - filter: load_balancer
                      cluster_source: bound_upstream
                      clusters:
                        - name: web
                          http:
                            application_provider: web_provider
                          endpoints: ["%s"]
                    """.formatted(authz.address(), web.address()));
            try (RunningGateway gw = RunningGateway.start(yaml,
                    FeatureSet.of(Feature.CHAIN_BINDING, Feature.UPSTREAM_BINDING));
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                for (int i = 0; i < 2; i++) {
                    RawResponse r = conn.get("/orders");
                    assertThat(r.status()).isEqualTo(200);
                    assertThat(r.echo().origin()).as("the parent still goes to its own bound cluster").isEqualTo("web");
                    assertThat(r.echo().header("x-parent-bound")).as("the parent's binding is web's after the callout")
                            .isEqualTo("web");
                    assertThat(r.echo().hasHeader("x-callout-bound")).isFalse();
                }
                assertThat(authz.requestHeads()).extracting(h -> h.get("x-callout-bound"))
                        .as("the callout's own router bound authz, read by its bound condition and load balancer")
                        .containsExactly("authz", "authz");
            }
        }
    }
}
