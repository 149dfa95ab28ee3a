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

/** {@code jpraxis explain}'s binding facts: the binding router, the catalog and each cluster's coverage. */
class ExplainBindingTest {
    /**
     * A bound condition over an OpenAI-tagged binding and an untagged catch-all (see
     * docs/behaviour/binding.md#example-a-bound-condition).
     */
    private static final String CONDITION = """
            listeners:
              - name: web
                address: "127.0.0.1:0"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: router
                    routes:
                      - {path_prefix: "/openai/", cluster: openai_backend}
                      - {path_prefix: "/", cluster: generic_backend}
                  - filter: headers
                    conditions:
                      - when:
                          bound_upstream: {application_protocol: openai_responses, application_provider: openai}
                    response_set:
                      - {name: X-Bound-Provider, value: openai}
                  - filter: load_balancer
                    clusters:
                      - name: openai_backend
                        http: {application_protocol: openai_responses, application_provider: openai}
                        endpoints: ["127.0.0.1:3001"]
                      - name: generic_backend
                        endpoints: ["127.0.0.1:3002"]
            insecure_options:
              allow_private_endpoints: true
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

    @Test
    void namesTheBindingRouterTheCatalogAndWhatServesEachCluster() throws Exception {
        assertThat(Main.run("--features", "upstream-binding", "explain", "-c", config(CONDITION))).isZero();
        assertThat(stdout()).contains("""
                  binding: router at position 0 binds
                    catalog:
                      openai_backend: protocol=openai_responses, provider=openai
                      generic_backend: (no tags)
                    coverage:
                      openai_backend:
                        served by load_balancer at position 2 (path 0 -> 1 -> 2)
                      generic_backend:
                        served by load_balancer at position 2 (path 0 -> 1 -> (skipped) -> 2)
                  checks:
                """).contains("    pass     binding_coverage\n");
    }

    @Test
    void showsTheFailingPathOfAClusterNothingServes() throws Exception {
        String uncovered = CONDITION.replace("""
                          - name: generic_backend
                            endpoints: ["127.0.0.1:3002"]
                """, "");
        assertThat(Main.run("--features", "upstream-binding", "explain", "-c", config(uncovered))).isEqualTo(1);
        assertThat(stdout()).contains("""
                      generic_backend: NOT COVERED
                        fails: reaches load_balancer at position 2, which does not declare it (path 0 -> 1 -> \
                (skipped) -> 2)
                """).contains("    error    binding_coverage\n");
    }

    @Test
    void saysWhenAPipelineDoesNotBind() throws Exception {
        String plain = CONDITION.replace(
                "bound_upstream: {application_protocol: openai_responses, application_provider: openai}",
                "path_prefix: /openai/");
        assertThat(Main.run("explain", "-c", config(plain))).isZero();
        assertThat(stdout()).contains("  binding: no binding (no filter reads the logical upstream)\n");
    }

    @Test
    void listsTheIterativeRoutersStepsWithTheirFiltersAndItsStepCoverageCheck() throws Exception {
        String irr = """
                listeners:
                  - name: web
                    address: "127.0.0.1:0"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: router
                        routes:
                          - {path_prefix: "/", cluster: chat_backend}
                      - filter: iterative_request_router
                        initial_step: inference
                        steps:
                          - name: inference
                            filters:
                              - filter: load_balancer
                                cluster_source: bound_upstream
                                clusters:
                                  - name: chat_backend
                                    endpoints: ["127.0.0.1:3002"]
                            on_result:
                              - {status: [503], next: fallback}
                          - name: fallback
                            filters:
                              - {filter: static_response, status: 503}
                insecure_options:
                  allow_private_endpoints: true
                """;
        assertThat(Main.run("--features", "iterative-request-router", "explain", "-c", config(irr))).isZero();
        assertThat(stdout()).contains("""
                    [1] iterative_request_router (chain main; always_answers; iterative_router)
                        step inference:
                          - load_balancer (chain main; reads_binding; selects_endpoint)
                        step fallback:
                          - static_response (chain main; always_answers)
                """).contains("    pass     irr_step_coverage\n");
    }

    @Test
    void theDotGraphMarksTheBindingRouter() throws Exception {
        assertThat(Main.run("--features", "upstream-binding", "explain", "--dot", "-c", config(CONDITION))).isZero();
        assertThat(stdout()).contains("[0] router").contains("(binding router)\", penwidth=2");
    }

    @Test
    void marksAFilterWhoseBodyWorkRunsAtTheBoundUpstreamBarrier() throws Exception {
        String rewrite = CONDITION.replace("- filter: headers", "- filter: model_rewrite")
                .replace("response_set:\n          - {name: X-Bound-Provider, value: openai}",
                        "rules: [{when: {application_provider: openai}, from: fast, to: gpt-4o-mini}]");
        assertThat(rewrite).contains("rules: [");
        assertThat(Main.run("--features", "bound-upstream-request-body", "explain", "-c", config(rewrite)))
                .as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(stdout()).contains("[1] model_rewrite").contains("(request body at the bound-upstream barrier)")
                .contains("    pass     bound_body_participants\n");
    }
}
