package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.filters.BuiltInFilters;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Branch chains end to end (see docs/behaviour/branches.md#branch-chains,
 * docs/behaviour/branches.md#how-branches-run, docs/behaviour/branches.md#skip-and-re-enter,
 * docs/behaviour/request-lifecycle.md#the-request-phase,
 * docs/behaviour/request-lifecycle.md#the-response-phase): real sockets, a real origin, results
 * published by a test filter type ({@code test_result}, driven by a header; {@code BodyModesTest}
 * has branches on {@code json_body_field}'s results).
 */
@Timeout(30)
class BranchChainsTest {
    private TestOrigin origin;

    @BeforeEach
    void startOrigin() {
        origin = TestOrigin.start("app");
    }

    @AfterEach
    void stopOrigin() {
        origin.close();
    }

    private static FilterRegistry registry() {
        List<FilterFactory<?>> types = new ArrayList<>(BuiltInFilters.all());
        types.add(new ResultPublisherFactory());
        types.add(new DelayedHeaderFactory());
        return FilterRegistry.withBuiltIns(types);
    }

    /** {@code filters} (YAML list items) in front of a router and load balancer to the origin. */
    private RunningGateway gateway(String filters) {
        return RunningGateway.start(TestConfigs.pipeline(filters + routing()), registry());
    }

    private String routing() {
        return """
                - filter: router
                  routes: [{path_prefix: /, cluster: app}]
                - filter: load_balancer
                  clusters: [{name: app, endpoints: ["%s"]}]
                """.formatted(origin.address());
    }

    private static RawResponse get(RawHttpConnection conn, String path, String... headerLines) throws Exception {
        StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: test\r\n");
        for (String line : headerLines) {
            request.append(line).append("\r\n");
        }
        conn.send(request.append("\r\n").toString());
        return conn.readResponse();
    }

    @Test
    void aConditionalTerminalBranchAnswersAndOtherRequestsAreProxied() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: headers
                  response_set: [{name: x-outer, value: seen}]
                - filter: test_result
                  header: x-mode
                  branch_chains:
                    - name: maintenance
                      on_result: {filter: test_result, result: maintenance}
                      rejoin: terminal
                      chains:
                        - name: maintenance_page
                          filters:
                            - filter: static_response
                              status: 503
                              body: "down for maintenance"
                """); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse down = get(conn, "/page", "x-mode: maintenance");
            RawResponse normal = get(conn, "/page", "x-mode: normal");

            assertThat(down.status()).isEqualTo(503);
            assertThat(down.bodyText()).isEqualTo("down for maintenance");
            assertThat(down.header("x-outer")).as("filters that ran still see the branch's answer").isEqualTo("seen");
            assertThat(normal.status()).isEqualTo(200);
            assertThat(normal.echo().origin()).isEqualTo("app");
            assertThat(origin.requestCount()).as("the maintenance answer never reached the origin").isEqualTo(1);
        }
    }

    @Test
    void aTerminalBranchForwardsToTheClusterChosenBeforeIt() throws Exception {
        try (RunningGateway gw = RunningGateway.start(TestConfigs.pipeline(routing() + """
                - filter: headers
                  branch_chains:
                    - name: straight_out
                      rejoin: terminal
                      chains:
                        - name: tag
                          filters:
                            - filter: headers
                              request_set: [{name: x-branch, value: ran}]
                - filter: static_response
                  status: 418
                """), registry()); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/x");

            assertThat(r.status()).as("the static_response after the host never runs").isEqualTo(200);
            assertThat(r.echo().header("x-branch")).isEqualTo("ran");
        }
    }

    @Test
    void aTerminalBranchWithNothingChosenFailsWith500() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: headers
                  branch_chains:
                    - name: too_early
                      rejoin: terminal
                      chains:
                        - name: tag
                          filters:
                            - filter: headers
                              request_set: [{name: x-branch, value: ran}]
                """); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/x");

            assertThat(r.status()).isEqualTo(500);
            assertThat(r.header("content-type")).startsWith("application/problem+json");
            assertThat(origin.requestCount()).isZero();
        }
    }

    @Test
    void aSkipJumpsOverFiltersToAnEntryOfAnotherChain() throws Exception {
        String yaml = """
                listeners:
                  - name: it
                    address: "127.0.0.1:0"
                    filter_chains: [entry, guard, routing]
                filter_chains:
                  - name: entry
                    filters:
                      - filter: test_result
                        header: x-fast
                        branch_chains:
                          - name: fast_lane
                            on_result: {filter: test_result, result: "yes"}
                            rejoin: route
                            chains: [mark_fast]
                  - name: guard
                    filters:
                      - filter: headers
                        request_set: [{name: x-slow-path, value: "1"}]
                        response_set: [{name: x-guarded, value: "1"}]
                  - name: routing
                    filters:
                      - filter: router
                        name: route
                        routes: [{path_prefix: /, cluster: app}]
                      - filter: load_balancer
                        clusters: [{name: app, endpoints: ["%s"]}]
                  - name: mark_fast
                    filters:
                      - filter: headers
                        request_set: [{name: x-lane, value: fast}]
                insecure_options:
                  allow_private_endpoints: true
                """.formatted(origin.address());
        try (RunningGateway gw = RunningGateway.start(yaml, registry());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse fast = get(conn, "/x", "x-fast: yes");
            RawResponse slow = get(conn, "/x");

            EchoResponse fastEcho = fast.echo();
            assertThat(fastEcho.header("x-lane")).isEqualTo("fast");
            assertThat(fastEcho.hasHeader("x-slow-path")).as("the skipped filter's request hook").isFalse();
            assertThat(fast.header("x-guarded")).as("nor its response hook").isNull();
            assertThat(slow.echo().header("x-slow-path")).isEqualTo("1");
            assertThat(slow.echo().hasHeader("x-lane")).isFalse();
            assertThat(slow.header("x-guarded")).isEqualTo("1");
        }
    }

    @Test
    void aReEnteringBranchRunsAtMostMaxIterationsTimesAndItsResponseHookOnce() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: headers
                  name: again
                  response_add: [{name: x-host-seen, value: "1"}]
                  branch_chains:
                    - name: loop
                      rejoin: again
                      max_iterations: 3
                      chains:
                        - name: count
                          filters:
                            - filter: headers
                              request_add: [{name: x-visit, value: v}]
                              response_add: [{name: x-visit-seen, value: "1"}]
                """); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/x");

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.echo().header("x-visit")).as("three passes through the branch").isEqualTo("v, v, v");
            assertThat(r.headerValues("x-visit-seen")).as("one response hook per filter, however often it ran")
                    .containsExactly("1");
            assertThat(r.headerValues("x-host-seen")).containsExactly("1");
        }
    }

    @Test
    void aReEnteredHostPublishesAfreshAndTheLoopEndsWhenItsResultChanges() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: test_result
                  name: check
                  header: x-state
                  branch_chains:
                    - name: settle
                      on_result: {filter: test_result, result: {not: done}}
                      rejoin: check
                      max_iterations: 5
                      chains:
                        - name: settle_it
                          filters:
                            - filter: headers
                              request_add: [{name: x-attempt, value: a}]
                              request_set: [{name: x-state, value: done}]
                """); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse fresh = conn.get("/x").echo();
            EchoResponse settled = get(conn, "/x", "x-state: done").echo();

            assertThat(fresh.header("x-attempt")).as("no state yet: one pass, then the host publishes done")
                    .isEqualTo("a");
            assertThat(fresh.header("x-state")).isEqualTo("done");
            assertThat(settled.hasHeader("x-attempt")).as("already done: the branch never fires").isFalse();
        }
    }

    @Test
    void jumpsOfNestedBranchesAreDiscardedAndTheSubChainGoesOn() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: headers
                  branch_chains:
                    - name: outer
                      chains:
                        - name: outer_sub
                          filters:
                            - filter: headers
                              branch_chains:
                                - name: inner_skip
                                  rejoin: sub_end
                                  chains:
                                    - name: inner_sub
                                      filters:
                                        - filter: headers
                                          request_add: [{name: x-trail, value: inner}]
                            - filter: headers
                              request_add: [{name: x-trail, value: middle}]
                            - filter: headers
                              name: sub_end
                              request_add: [{name: x-trail, value: end}]
                - filter: headers
                  request_add: [{name: x-trail, value: after-host}]
                """); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse echo = conn.get("/x").echo();

            assertThat(echo.header("x-trail")).as("the nested skip to sub_end does not skip 'middle'")
                    .isEqualTo("inner, middle, end, after-host");
        }
    }

    @Test
    void aNestedTerminalBranchWithoutAResponseFailsWith500EvenWithAClusterChosen() throws Exception {
        try (RunningGateway gw = RunningGateway.start(TestConfigs.pipeline(routing() + """
                - filter: headers
                  branch_chains:
                    - name: outer
                      chains:
                        - name: outer_sub
                          filters:
                            - filter: headers
                              branch_chains:
                                - name: inner_stop
                                  rejoin: terminal
                                  chains:
                                    - name: inner_sub
                                      filters:
                                        - filter: headers
                                          request_set: [{name: x-inner, value: ran}]
                """), registry()); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/x");

            assertThat(r.status()).isEqualTo(500);
            assertThat(origin.requestCount()).isZero();
        }
    }

    @Test
    void branchFiltersUnwindInReverseJustBeforeTheirHost() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: headers
                  response_add: [{name: x-order, value: first}]
                - filter: headers
                  response_add: [{name: x-order, value: host}]
                  branch_chains:
                    - name: b1
                      chains:
                        - name: b1_sub
                          filters:
                            - filter: headers
                              response_add: [{name: x-order, value: b1-a}]
                            - filter: headers
                              response_add: [{name: x-order, value: b1-b}]
                              branch_chains:
                                - name: b1_nested
                                  chains:
                                    - name: nested_sub
                                      filters:
                                        - filter: headers
                                          response_add: [{name: x-order, value: nested}]
                    - name: b2
                      chains:
                        - name: b2_sub
                          filters:
                            - filter: headers
                              response_add: [{name: x-order, value: b2}]
                """); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/x");

            assertThat(r.headerValues("x-order")).as("the reverse of the order the request hooks ran in")
                    .containsExactly("b2", "nested", "b1-b", "b1-a", "host", "first");
        }
    }

    @Test
    void resultsReachNeitherTheNextFilterNorTheNextRequestOnTheConnection() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: test_result
                  header: x-first
                - filter: test_result
                  header: x-second
                  branch_chains:
                    - name: blocked
                      on_result: {filter: test_result, result: block}
                      rejoin: terminal
                      chains:
                        - name: block_page
                          filters:
                            - filter: static_response
                              status: 403
                """); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse firstOnly = get(conn, "/x", "x-first: block");
            RawResponse second = get(conn, "/x", "x-second: block");
            RawResponse neither = get(conn, "/x");

            assertThat(firstOnly.status()).as("the first filter's result (same type) is cleared before the second's "
                    + "branches").isEqualTo(200);
            assertThat(second.status()).isEqualTo(403);
            assertThat(neither.status()).as("a later request on the same connection starts with no results")
                    .isEqualTo(200);
        }
    }

    @Test
    void anAsynchronousFilterInsideABranchCompletesBeforeTheWalkGoesOn() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: headers
                  branch_chains:
                    - name: lookup
                      chains:
                        - name: lookup_sub
                          filters:
                            - filter: test_delayed_header
                              header: x-trail
                              value: async
                            - filter: headers
                              request_add: [{name: x-trail, value: after-async}]
                - filter: headers
                  request_add: [{name: x-trail, value: after-host}]
                """); RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse first = conn.get("/x").echo();
            EchoResponse second = conn.get("/y").echo();

            assertThat(first.header("x-trail")).isEqualTo("async, after-async, after-host");
            assertThat(second.header("x-trail")).as("and again on the kept-alive connection")
                    .isEqualTo("async, after-async, after-host");
        }
    }
}
