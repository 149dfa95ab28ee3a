package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.CheckFixture.compile;
import static io.jpraxis.core.pipeline.check.CheckFixture.findings;
import static io.jpraxis.core.pipeline.check.CheckFixture.verdict;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.compile.CompileResult;
import org.junit.jupiter.api.Test;

/** Cluster selection and alignment: who chooses the cluster, who serves it. */
class ClusterChecksTest {

    @Test
    void onlyTheFirstLoadBalancerWithoutASelectorIsReported() {
        CompileResult result = compile("""
                      - filter: lb
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(findings(result, OrderingRule.LB_WITHOUT_ROUTER)).singleElement().asString()
                .startsWith("lb at position 0 of listener 'web' has no router or other cluster-selecting filter");
    }

    @Test
    void aSelectorInsideABranchDoesNotCountForATopLevelLoadBalancer() {
        CompileResult result = compile("""
                      - filter: tag
                        branch_chains:
                          - name: pick
                            chains: [{name: a, filters: [{filter: router, clusters: [c]}]}]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(verdict(result, OrderingRule.LB_WITHOUT_ROUTER)).as("positional, as in Praxis")
                .isEqualTo(Verdict.ERROR);
    }

    @Test
    void anySelectorTypeSatisfiesALoadBalancer() {
        CompileResult result = compile("""
                      - filter: selector
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(verdict(result, OrderingRule.LB_WITHOUT_ROUTER)).isEqualTo(Verdict.PASS);
    }

    @Test
    void duplicateRoutersAndLoadBalancersAreReportedOnTheSecondWithEveryPosition() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [c]
                      - filter: router
                        name: again
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                      - filter: router
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(findings(result, OrderingRule.DUPLICATE_ROUTERS)).singleElement().asString()
                .startsWith("router 'again' at position 1 of listener 'web' is one of 3 router filters (positions 0, 1 "
                        + "and 3); only the last one's cluster selection takes effect");
        assertThat(findings(result, OrderingRule.DUPLICATE_LOAD_BALANCERS)).singleElement().asString()
                .contains("is one of 2 lb filters (positions 2 and 4)");
        assertThat(verdict(result, OrderingRule.CONFLICTING_CLUSTER_SELECTORS))
                .as("several routers are one kind of selector (docs/behaviour/ordering-checks.md#control-flow-details)").isEqualTo(Verdict.PASS);
    }

    @Test
    void twoKindsOfSelectorBeforeALoadBalancerConflict() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [c]
                      - filter: selector
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(findings(result, OrderingRule.CONFLICTING_CLUSTER_SELECTORS)).singleElement().asString()
                .contains("lb at position 2 of listener 'web' follows several kinds of cluster-selecting filter "
                        + "(router, selector)");
    }

    @Test
    void aSelectorAfterTheLoadBalancerDoesNotConflict() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                      - filter: selector
                        clusters: [c]
                """);
        assertThat(verdict(result, OrderingRule.CONFLICTING_CLUSTER_SELECTORS)).isEqualTo(Verdict.PASS);
    }

    @Test
    void routerWarnings() {
        CompileResult result = compile("""
                      - filter: router
                        conditions: [{when: {path_prefix: /api}}]
                        clusters: [c]
                """);
        assertThat(verdict(result, OrderingRule.ROUTER_WITHOUT_LB)).isEqualTo(Verdict.WARNING);
        assertThat(verdict(result, OrderingRule.ALL_ROUTERS_CONDITIONAL)).isEqualTo(Verdict.WARNING);
        assertThat(result.ok()).as("warnings only").isTrue();
        result.gateway().close();

        CompileResult withBranchLb = compile("""
                      - filter: router
                        clusters: [c]
                        branch_chains:
                          - name: serve
                            chains: [{name: a, filters: [{filter: lb, clusters: [c]}]}]
                """);
        assertThat(verdict(withBranchLb, OrderingRule.ROUTER_WITHOUT_LB)).isEqualTo(Verdict.PASS);
        assertThat(verdict(withBranchLb, OrderingRule.ALL_ROUTERS_CONDITIONAL)).isEqualTo(Verdict.PASS);
        withBranchLb.gateway().close();
    }

    @Test
    void aRoutedClusterNoLoadBalancerDeclaresIsMisaligned() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [api, web]
                      - filter: lb
                        clusters: [api, spare]
                """);
        assertThat(findings(result, OrderingRule.MISALIGNED_CLUSTERS)).containsExactly(
                "router at position 0 of listener 'web' references cluster 'web' which is not defined in the "
                        + "load_balancer configuration guaranteed to run for it, so requests sent there would fail "
                        + "(expected: one of api, spare, or 'web' declared in that load_balancer)",
                "lb of listener 'web' declares cluster 'spare', which no cluster-selecting filter of the pipeline "
                        + "chooses");
        assertThat(verdict(result, OrderingRule.MISALIGNED_CLUSTERS)).isEqualTo(Verdict.ERROR);
    }

    @Test
    void onlyLoadBalancersGuaranteedToRunServeATopLevelSelection() {
        String pipeline = """
                      - filter: router
                        clusters: [api]
                      - filter: tag
                        branch_chains:
                          - name: serve
                            %s
                            chains: [{name: a, filters: [{filter: lb, clusters: [api]}]}]
                            rejoin: terminal
                """;
        CompileResult conditional = compile(pipeline.formatted("on_result: {filter: tag, key: k, result: v}"));
        assertThat(findings(conditional, OrderingRule.MISALIGNED_CLUSTERS)).as("requests may skip the branch")
                .singleElement().asString().contains("references cluster 'api'");

        CompileResult unconditional = compile(pipeline.formatted(""));
        assertThat(verdict(unconditional, OrderingRule.MISALIGNED_CLUSTERS)).isEqualTo(Verdict.PASS);
        unconditional.gateway().close();
    }

    @Test
    void aBranchSelectionMayUseTheLoadBalancersItsLevelsGuarantee() {
        CompileResult result = compile("""
                      - filter: tag
                        branch_chains:
                          - name: reroute
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: router, clusters: [api, gone]}]}]
                      - filter: router
                        clusters: [api]
                      - filter: lb
                        clusters: [api]
                """);
        assertThat(findings(result, OrderingRule.MISALIGNED_CLUSTERS)).singleElement().asString()
                .startsWith("router in branch 'reroute' of listener 'web' references cluster 'gone'");
        assertThat(CheckFixture.errors(result)).singleElement().asString().endsWith("[filter router, chain a, "
                + "branch reroute]");
    }

    @Test
    void aPipelineWithoutAnyLoadBalancerIsLeftToTheOtherChecks() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [api]
                """);
        assertThat(verdict(result, OrderingRule.MISALIGNED_CLUSTERS)).isEqualTo(Verdict.PASS);
        result.gateway().close();
    }
}
