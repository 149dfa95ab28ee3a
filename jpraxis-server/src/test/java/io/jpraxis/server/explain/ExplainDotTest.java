package io.jpraxis.server.explain;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explain --dot}: a digraph that parses, with the control-flow edges (see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph).
 */
class ExplainDotTest {
    private static final String CONFIG = """
            listeners:
              - name: web
                address: "127.0.0.1:0"
                filter_chains: [main]
              - name: admin
                address: "127.0.0.1:0"
                filter_chains: [answer]
            filter_chains:
              - name: main
                filters:
                  - filter: headers
                    name: start
                  - filter: headers
                    conditions:
                      - when: {path_prefix: /x}
                    branch_chains:
                      - name: fast
                        rejoin: route
                        chains:
                          - name: fast_chain
                            filters:
                              - filter: headers
                      - name: again
                        on_result: {filter: headers, key: status, result: retry}
                        rejoin: start
                        max_iterations: 3
                        chains: [answer]
                      - name: stop
                        on_result: {filter: headers, key: status, result: stop}
                        rejoin: terminal
                        chains: [answer]
                  - filter: static_response
                    status: 200
                  - filter: router
                    name: route
                    routes:
                      - {path_prefix: /, cluster: app}
                  - filter: load_balancer
                    clusters:
                      - name: app
                        endpoints: ["203.0.113.10:80"]
              - name: answer
                filters:
                  - filter: static_response
                    status: 204
            """;

    @TempDir
    Path dir;

    private static List<String> flow(DotGraph g) {
        return g.edges.stream().filter(e -> !"dotted".equals(e.attributes().get("style")))
                .map(e -> e.from() + " -> " + e.to() + (e.label().isEmpty() ? "" : " " + e.label())).toList();
    }

    @Test
    void theCommandPrintsADigraphWithEveryControlFlowEdge() throws Exception {
        Path file = dir.resolve("gateway.yaml");
        Files.writeString(file, CONFIG);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        PrintStream savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Main.run("explain", "--dot", "-c", file.toString());
        } finally {
            System.setOut(saved);
            System.setErr(savedErr);
        }
        assertThat(code).isZero();
        DotGraph g = DotGraph.parse(out.toString(StandardCharsets.UTF_8));
        assertThat(g.name).isEqualTo("jpraxis");
        assertThat(flow(g)).containsExactly(
                "web/start -> web/0",
                "web/0 -> web/1 fall-through",
                "web/1 -> web/2 fall-through",
                "web/1 -> web/3 skip_to (branch fast)",
                "web/1 -> web/0 re_enter (branch again, max_iterations 3)",
                "web/1 -> web/end terminal (branch stop)",
                "web/3 -> web/4 fall-through",
                "web/4 -> web/end fall-through",
                "admin/start -> admin/0");
        assertThat(g.nodes.get("web/2")).as("static_response always answers").containsEntry("peripheries", "2");
        assertThat(g.edges).as("no fall-through leaves an unconditional answer")
                .noneMatch(e -> e.from().equals("web/2") || e.from().equals("admin/0"));
    }

    @Test
    void branchSubChainsHangFromTheirHostByDottedEdges() {
        CompileResult result = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system()).build(CONFIG);
        assertThat(result.ok()).as(result.diagnostics().all().toString()).isTrue();
        DotGraph g = DotGraph.parse(ExplainDot.render(result.reports()));
        assertThat(g.edges).filteredOn(e -> "dotted".equals(e.attributes().get("style")))
                .extracting(e -> e.from() + " -> " + e.to() + " " + e.label())
                .containsExactly("web/1 -> web/1/fast/0 branch fast (unconditional)",
                        "web/1 -> web/1/again/0 branch again (on_result headers.status = retry)",
                        "web/1 -> web/1/stop/0 branch stop (on_result headers.status = stop)");
        assertThat(g.nodes.get("web/1/fast/0")).containsEntry("label", "headers (chain fast_chain)")
                .containsEntry("style", "dashed");
        result.gateway().close();
    }

    @Test
    void idsEscapeQuotesAndBackslashes() {
        assertThat(DotGraph.parse("digraph g { " + ExplainDot.id("a\"b\\c") + " -> x; }").edges)
                .singleElement().satisfies(e -> assertThat(e.from()).isEqualTo("a\"b\\c"));
    }

    @Test
    void unreachableFiltersAreShaded() {
        String unreachable = """
                listeners:
                  - name: web
                    address: "127.0.0.1:0"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: headers
                        branch_chains:
                          - name: always
                            rejoin: target
                            chains: [{name: a, filters: [{filter: headers}]}]
                      - filter: headers
                        name: skipped
                      - filter: headers
                        name: target
                """;
        CompileResult result = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system()).build(unreachable);
        assertThat(result.diagnostics().errors()).as("only a warning").isEmpty();
        DotGraph g = DotGraph.parse(ExplainDot.render(result.reports()));
        assertThat(g.nodes.get("web/1")).as("the unconditional branch always skips past it")
                .containsEntry("fillcolor", "lightgrey");
        assertThat(g.nodes.get("web/2")).doesNotContainKey("fillcolor");
        result.gateway().close();
    }
}
