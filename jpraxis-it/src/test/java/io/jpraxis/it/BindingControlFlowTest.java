package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Validation and runtime agree on binding control flow (see
 * docs/behaviour/binding.md#binding-rules, docs/behaviour/branches.md#how-branches-run): configs
 * the binding rules accept (nested branches in a direct dispatch branch, a re-entrance after the
 * router) serve every request without a backstop 500, and a config they refuse does fail at runtime
 * when validation is skipped.
 */
class BindingControlFlowTest {
    private static final FeatureSet BINDING = FeatureSet.of(Feature.UPSTREAM_BINDING);

    private TestOrigin openai;
    private TestOrigin generic;

    @BeforeEach
    void origins() {
        openai = TestOrigin.start("openai");
        generic = TestOrigin.start("generic");
    }

    @AfterEach
    void stop() {
        openai.close();
        generic.close();
    }

    private static final String ROUTER = """
            - filter: router
              routes:
                - path_prefix: "/openai/"
                  cluster: openai_backend
                - path_prefix: "/"
                  cluster: generic_backend
            """;

    private String boundBalancer(String clusters) {
        StringBuilder out = new StringBuilder("""
                - filter: load_balancer
                  cluster_source: bound_upstream
                  clusters:
                """);
        if (clusters.contains("openai")) {
            out.append("""
                        - name: openai_backend
                          http: {application_protocol: openai_responses, application_provider: openai}
                          endpoints: ["%s"]
                    """.formatted(openai.address()));
        }
        if (clusters.contains("generic")) {
            out.append("""
                        - name: generic_backend
                          endpoints: ["%s"]
                    """.formatted(generic.address()));
        }
        return out.toString();
    }

    /**
     * A gate on the openai binding hosting a terminal direct branch; its sub-chain holds
     * {@code before}, a header filter whose own branch (rejoin: {@code innerRejoin}) holds
     * {@code inner}, then {@code after}.
     */
    private String directDispatch(String before, String innerRejoin, String inner, String after) {
        String subChain = before + """
                - filter: headers
                  request_set:
                    - name: X-Direct
                      value: "yes"
                  branch_chains:
                    - name: nested
                      rejoin: %s
                      chains:
                        - name: nested-chain
                          filters:
                %s
                %s
                """.formatted(innerRejoin, inner.indent(12).stripTrailing(), after.stripTrailing());
        return ROUTER + """
                - filter: headers
                  conditions:
                    - when:
                        bound_upstream: {application_provider: openai}
                  branch_chains:
                    - name: direct
                      rejoin: terminal
                      chains:
                        - name: direct-chain
                          filters:
                %s
                - filter: headers
                  request_set:
                    - name: X-Gateway
                      value: processed
                """.formatted(subChain.indent(12).stripTrailing()) + boundBalancer("generic");
    }

    private static final String NESTED_MARK = """
            - filter: headers
              request_set:
                - name: X-Nested
                  value: "yes"
            """;

    @Test
    void aDirectBranchWithANestedBranchDispatchesTaggedTrafficAndTheRestFallsThrough() throws Exception {
        String yaml = TestConfigs.pipeline(directDispatch("", "next", NESTED_MARK, boundBalancer("openai")));
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse direct = conn.get("/openai/v1/responses").echo();
            assertThat(direct.origin()).as("dispatched from the binding in the direct branch").isEqualTo("openai");
            assertThat(direct.header("x-nested")).as("the nested branch ran and rejoined its sub-chain").isEqualTo("yes");
            assertThat(direct.hasHeader("x-gateway")).as("the terminal branch skipped the rest").isFalse();

            EchoResponse rest = conn.get("/v1/chat/completions").echo();
            assertThat(rest.origin()).isEqualTo("generic");
            assertThat(rest.hasHeader("x-direct")).as("the untagged binding skips the gate and its branch").isFalse();
            assertThat(rest.header("x-gateway")).isEqualTo("processed");
        }
    }

    @Test
    void aNestedTerminalAfterTheDirectSelectionIsRefusedAndWouldFailAtRuntime() throws Exception {
        String filters = directDispatch(boundBalancer("openai"), "terminal", NESTED_MARK, "");
        CompileResult refused = new GatewayBuilder(BINDING, RuntimeServices.system())
                .build(TestConfigs.pipeline(filters));
        assertThat(refused.ok()).isFalse();
        assertThat(refused.diagnostics().errors()).map(Diagnostic::render).singleElement().asString()
                .contains("cluster 'openai_backend' can be bound", "reaches nested branch 'nested' (rejoin: terminal)");

        String skipped = TestConfigs.pipeline(filters, """
                insecure_options:
                  allow_private_endpoints: true
                  skip_pipeline_validation: true
                """);
        try (RunningGateway gw = RunningGateway.start(skipped, BINDING);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/openai/v1/responses");
            assertThat(r.status()).as("the nested terminal fails the request although an endpoint was selected")
                    .isEqualTo(500);
            assertThat(openai.requestCount()).isZero();
            assertThat(conn.get("/v1/models").status()).as("the untagged binding never enters the branch")
                    .isEqualTo(200);
        }
    }

    @Test
    void aReEntranceAfterTheRouterKeepsTheFrozenBinding() throws Exception {
        String yaml = TestConfigs.pipeline(ROUTER + """
                - filter: headers
                  name: mark
                  conditions:
                    - when:
                        bound_upstream: {application_provider: openai}
                  request_add:
                    - name: X-Pass
                      value: "1"
                  branch_chains:
                    - name: again
                      rejoin: mark
                      max_iterations: 2
                      chains:
                        - name: again-chain
                          filters:
                            - filter: headers
                """ + boundBalancer("openai,generic"));
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            for (int round = 0; round < 2; round++) {
                RawResponse bound = conn.get("/openai/v1/responses");
                assertThat(bound.status()).as("re-entering never rebinds").isEqualTo(200);
                assertThat(bound.echo().header("x-pass")).as("the gate saw the binding on every pass (first + 2)")
                        .isEqualTo("1, 1, 1");

                EchoResponse untagged = conn.get("/v1/models").echo();
                assertThat(untagged.origin()).isEqualTo("generic");
                assertThat(untagged.hasHeader("x-pass")).as("no binding carried over on the keep-alive connection")
                        .isFalse();
            }
        }
    }
}
