package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.CheckFixture.compile;
import static io.jpraxis.core.pipeline.check.CheckFixture.graph;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.check.FlowEdge.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The top-level control-flow graph (see docs/behaviour/ordering-checks.md#the-control-flow-graph):
 * its edges, cuts and reachability.
 */
class FlowGraphTest {

    private static List<String> edges(FlowGraph g) {
        return g.edges().stream().map(e -> e.from() + "->" + (e.to() == g.end() ? "end" : e.to()) + " " + e.kind()
                + (e.branch() == null ? "" : " " + e.branch())
                + (e.maxIterations() == 0 ? "" : " x" + e.maxIterations()))
                .toList();
    }

    @Test
    void plainFiltersFallThroughToTheEnd() {
        FlowGraph g = graph(compile("""
                      - filter: tag
                      - filter: tag
                """));
        assertThat(edges(g)).containsExactly("0->1 FALL_THROUGH", "1->end FALL_THROUGH");
        assertThat(g.end()).isEqualTo(2);
        assertThat(g.reachable(0) && g.reachable(1) && g.reachable(2)).isTrue();
    }

    @Test
    void branchesAddTheirJumpsAndTerminalsButNextAddsNothing() {
        FlowGraph g = graph(compile("""
                      - filter: tag
                        name: start
                      - filter: tag
                        branch_chains:
                          - name: go_on
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                          - name: skip
                            on_result: {filter: tag, key: k, result: s}
                            chains: [{name: b, filters: [{filter: tag}]}]
                            rejoin: last
                          - name: again
                            on_result: {filter: tag, key: k, result: r}
                            chains: [{name: c, filters: [{filter: tag}]}]
                            rejoin: start
                            max_iterations: 3
                          - name: stop
                            on_result: {filter: tag, key: k, result: t}
                            chains: [{name: d, filters: [{filter: tag}]}]
                            rejoin: terminal
                      - filter: tag
                      - filter: tag
                        name: last
                """));
        assertThat(edges(g)).as("each filter's fall-through, then its branches in declaration order")
                .containsExactly("0->1 FALL_THROUGH", "1->2 FALL_THROUGH", "1->3 SKIP_TO skip",
                        "1->0 RE_ENTER again x3", "1->end TERMINAL stop", "2->3 FALL_THROUGH", "3->end FALL_THROUGH");
    }

    @Test
    void anUnconditionalAnswerCutsTheFallThroughAndWhatFollowsIsUnreachable() {
        FlowGraph g = graph(compile("""
                      - filter: answer
                      - filter: tag
                """));
        assertThat(edges(g)).containsExactly("1->end FALL_THROUGH");
        assertThat(g.cut(0)).containsInstanceOf(FallThroughCut.Answers.class);
        assertThat(g.reachable(1)).as("nothing leads past the answer").isFalse();
        assertThat(g.reachable(g.end())).isFalse();
    }

    @Test
    void aConditionalAnswerOrHostKeepsTheFallThrough() {
        FlowGraph g = graph(compile("""
                      - filter: answer
                        conditions: [{when: {path: /maintenance}}]
                      - filter: tag
                        conditions: [{when: {path: /x}}]
                        branch_chains:
                          - name: out
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: terminal
                      - filter: tag
                """));
        assertThat(g.cut(0)).isEmpty();
        assertThat(g.cut(1)).as("a skipped host runs no branch").isEmpty();
        assertThat(g.reachable(2)).isTrue();
    }

    @Test
    void anUnconditionalTerminalOrSkipBranchCutsButAReEntranceDoesNot() {
        FlowGraph g = graph(compile("""
                      - filter: tag
                        name: top
                        branch_chains:
                          - name: loop
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: top
                            max_iterations: 2
                      - filter: tag
                        branch_chains:
                          - name: jump
                            chains: [{name: b, filters: [{filter: tag}]}]
                            rejoin: target
                      - filter: tag
                      - filter: tag
                        name: target
                        branch_chains:
                          - name: done
                            chains: [{name: c, filters: [{filter: tag}]}]
                            rejoin: terminal
                      - filter: tag
                """));
        assertThat(g.cut(0)).as("an exhausted re-entrance falls through").isEmpty();
        assertThat(g.cut(1)).hasValueSatisfying(c ->
                assertThat(((FallThroughCut.LeavingBranch) c).branch().name()).isEqualTo("jump"));
        assertThat(g.reachable(2)).as("jumped over on every path").isFalse();
        assertThat(g.reachable(3)).isTrue();
        assertThat(g.reachable(4)).as("after an unconditional terminal").isFalse();
        assertThat(g.edges()).filteredOn(e -> e.kind() == Kind.TERMINAL).singleElement()
                .satisfies(e -> assertThat(e.to()).isEqualTo(g.end()));
    }

    @Test
    void aFilterGateIncludesItsChainConditionsFirst() {
        FlowGraph g = graph(CheckFixture.compileYaml("""
                listeners:
                  - name: web
                    address: "127.0.0.1:8080"
                    filter_chains: [gated]
                filter_chains:
                  - name: gated
                    conditions: [{when: {path_prefix: /api}}]
                    filters:
                      - filter: tag
                        conditions: [{unless: {methods: [POST]}}]
                """));
        assertThat(g.gate(g.node(0))).extracting(c -> c.kind().name()).containsExactly("WHEN", "UNLESS");
        assertThat(g.node(0).conditional()).isTrue();
    }

    @Test
    void anEmptyPipelineReachesItsEnd() {
        FlowGraph g = graph(CheckFixture.compileYaml("""
                listeners:
                  - name: web
                    address: "127.0.0.1:8080"
                    filter_chains: [empty]
                filter_chains:
                  - name: empty
                    filters: []
                """));
        assertThat(g.size()).isZero();
        assertThat(g.reachable(g.end())).isTrue();
        assertThat(g.edges()).isEmpty();
    }
}
