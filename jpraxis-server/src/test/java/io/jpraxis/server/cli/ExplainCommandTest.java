package io.jpraxis.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jpraxis explain} as an operator runs it: the text form, exit codes and streams. */
class ExplainCommandTest {
    /** Every kind of edge, a nested branch, a skipped check and a warning. */
    static final String BRANCHED = """
            listeners:
              - name: web
                address: "127.0.0.1:0"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: headers
                    name: start
                  - filter: rate_limit
                    failure_mode: open
                    mode: global
                    rate: 10
                    burst: 20
                  - filter: headers
                    name: classify
                    conditions:
                      - when: {path_prefix: /x}
                    branch_chains:
                      - name: fast
                        chains: [tagging]
                        rejoin: route
                      - name: again
                        on_result: {filter: headers, key: status, result: {any_of: [retry, again]}}
                        chains: [tagging]
                        rejoin: start
                        max_iterations: 2
                      - name: stop
                        on_result: {filter: headers, key: status, result: stop}
                        rejoin: terminal
                        chains:
                          - name: stop_page
                            filters:
                              - filter: static_response
                                status: 503
                              - filter: headers
                                branch_chains:
                                  - name: inner
                                    chains: [tagging]
                                    rejoin: client
                  - filter: headers
                    name: slow
                  - filter: router
                    name: route
                    routes:
                      - {path_prefix: /, cluster: app}
                  - filter: load_balancer
                    clusters:
                      - name: app
                        endpoints: ["127.0.0.1:9"]
              - name: tagging
                filters:
                  - filter: headers
                    request_set:
                      - {name: x-tag, value: "1"}
            insecure_options:
              allow_private_endpoints: true
              allow_open_security_filters: true
              skip_pipeline_checks:
                duplicate_routers: true
            """;

    @TempDir
    Path dir;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void captureStreams() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStreams() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    private String config(String yaml) throws Exception {
        Path file = dir.resolve("gateway.yaml");
        Files.writeString(file, yaml);
        return file.toString();
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void showsTheFlattenedPipelineWithBranchSubChainsIndented() throws Exception {
        assertThat(Main.run("explain", "-c", config(BRANCHED))).isZero();
        assertThat(stdout()).startsWith("""
                listener web: 6 top-level filters
                  filters:
                    [0] headers 'start' (chain main)
                    [1] rate_limit (chain main; failure_mode: open; security)
                    [2] headers 'classify' (chain main; conditional)
                        branch fast: unconditional; rejoin skip to [4] 'route'
                          - headers (chain tagging)
                        branch again: on_result headers.status any_of retry, again; rejoin re-enter [0] 'start', \
                max_iterations 2
                          - headers (chain tagging)
                        branch stop: on_result headers.status = stop; rejoin terminal
                          - static_response (chain stop_page; always_answers)
                          - headers (chain stop_page)
                              branch inner: unconditional; rejoin terminal
                                - headers (chain tagging)
                    [3] headers 'slow' (chain main)
                    [4] router 'route' (chain main; router; selects_cluster)
                    [5] load_balancer (chain main; selects_endpoint)
                """);
    }

    @Test
    void listsEveryEdgeWithItsBranchAndMaxIterations() throws Exception {
        assertThat(Main.run("explain", "-c", config(BRANCHED))).isZero();
        assertThat(stdout()).contains("""
                  edges:
                    [0] -> [1]  fall-through
                    [1] -> [2]  fall-through
                    [2] -> [3]  fall-through
                    [2] -> [4]  skip_to (branch fast)
                    [2] -> [0]  re_enter (branch again, max_iterations 2)
                    [2] -> end  terminal (branch stop)
                    [3] -> [4]  fall-through
                    [4] -> [5]  fall-through
                    [5] -> end  fall-through
                  binding: no binding (no filter reads the logical upstream)
                  checks:
                """);
    }

    @Test
    void givesEachCheckItsVerdictAndTheFlagBehindASkip() throws Exception {
        assertThat(Main.run("explain", "-c", config(BRANCHED))).isZero();
        assertThat(stdout()).contains("    pass     lb_without_router\n")
                .contains("    skipped  duplicate_routers (by "
                        + "insecure_options.skip_pipeline_checks.duplicate_routers)\n")
                .contains("    warning  open_security_filters\n        line 10: filter_chains[0].filters[1]: security "
                        + "filter rate_limit at position 1 of listener 'web' has failure_mode: open")
                .contains("    pass     skip_to_over_security\n")
                .contains("    pass     router_without_lb  [warning only]\n");
        assertThat(stderr()).as("the findings, as validate prints them").contains("warning: line 10:");
    }

    @Test
    void aConfigRefusedByTheChecksIsExplainedAndExitsOne() throws Exception {
        String refused = BRANCHED.replace("allow_open_security_filters: true", "allow_open_security_filters: false")
                .replace("rejoin: route", "rejoin: route\n          - name: around\n"
                        + "            on_result: {filter: headers, key: status, result: around}\n"
                        + "            chains: [tagging]\n            rejoin: start\n            max_iterations: 1");
        assertThat(Main.run("explain", "-c", config(refused))).isEqualTo(1);
        assertThat(stdout()).contains("    error    open_security_filters\n        line 10: ")
                .contains("    [2] -> [0]  re_enter (branch around, max_iterations 1)\n");
        assertThat(stderr()).contains("error: line 10: filter_chains[0].filters[1]: security filter rate_limit")
                .contains("gateway.yaml: 1 error; configuration refused");
    }

    @Test
    void aConfigWithOtherErrorsGetsOnlyItsDiagnostics() throws Exception {
        String broken = BRANCHED.replace("rate: 10", "rate: 0");
        assertThat(Main.run("explain", "-c", config(broken))).isEqualTo(1);
        assertThat(stdout()).as("the checks need every filter built").isEmpty();
        assertThat(stderr()).contains("rate: 0 (expected:").contains("configuration refused");
    }

    @Test
    void explainsEveryListener() throws Exception {
        String two = BRANCHED.replace("""
                    filter_chains: [main]
                filter_chains:""", """
                    filter_chains: [main]
                  - name: side
                    address: "127.0.0.1:0"
                    filter_chains: [tagging]
                filter_chains:""");
        assertThat(Main.run("explain", "-c", config(two))).isZero();
        assertThat(stdout()).contains("listener web: 6 top-level filters")
                .contains("\n\nlistener side: 1 top-level filter\n  filters:\n    [0] headers (chain tagging)\n"
                        + "  edges:\n    [0] -> end  fall-through\n");
    }

    @Test
    void listsACalloutsOutboundChainUnderIt() throws Exception {
        String callout = """
                listeners:
                  - name: web
                    address: "127.0.0.1:0"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: http_callout
                        timeout_ms: 100
                        outbound_chain:
                          name: auth
                          filters:
                            - filter: router
                              routes:
                                - path_prefix: "/"
                                  cluster: authz
                            - filter: load_balancer
                              clusters:
                                - name: authz
                                  endpoints: ["127.0.0.1:3001"]
                      - filter: router
                        routes:
                          - path_prefix: "/"
                            cluster: web
                      - filter: load_balancer
                        clusters:
                          - name: web
                            endpoints: ["127.0.0.1:3000"]
                insecure_options:
                  allow_private_endpoints: true
                """;
        assertThat(Main.run("--features", "chain-binding", "explain", "-c", config(callout))).isZero();
        assertThat(stdout()).contains("""
                    [0] http_callout (chain main; security)
                        outbound chain auth:
                          - router (chain auth; router; selects_cluster)
                          - load_balancer (chain auth; selects_endpoint)
                    [1] router (chain main; router; selects_cluster)
                """);
    }
}
