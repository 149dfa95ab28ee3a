package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.CheckFixture.compile;
import static io.jpraxis.core.pipeline.check.CheckFixture.findings;
import static io.jpraxis.core.pipeline.check.CheckFixture.verdict;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.compile.CompileResult;
import org.junit.jupiter.api.Test;

/** Security filters: gated, failing open, jumped over, or cut off by a terminal branch. */
class SecurityChecksTest {

    @Test
    void aConditionalSecurityFilterIsReportedAtTheTopAndInBranches() {
        CompileResult result = compile("""
                      - filter: guard
                        conditions: [{when: {path_prefix: /api}}]
                      - filter: tag
                        branch_chains:
                          - name: checked
                            chains:
                              - name: inner
                                filters:
                                  - filter: guard
                                    name: inner_guard
                                    conditions: [{unless: {methods: [GET]}}]
                """);
        assertThat(findings(result, OrderingRule.CONDITIONAL_SECURITY)).containsExactly(
                "security filter guard at position 0 of listener 'web' has request conditions, so it is bypassed for "
                        + "requests that do not match them (expected: no conditions on a security filter, its chain "
                        + "included)",
                "security filter guard 'inner_guard' in branch 'checked' of listener 'web' has request conditions, so "
                        + "it is bypassed for requests that do not match them (expected: no conditions on a security "
                        + "filter, its chain included)");
    }

    @Test
    void chainConditionsMakeASecurityFilterConditionalToo() {
        CompileResult result = CheckFixture.compileYaml("""
                listeners:
                  - name: web
                    address: "127.0.0.1:8080"
                    filter_chains: [limits]
                filter_chains:
                  - name: limits
                    conditions: [{when: {path_prefix: /api}}]
                    filters:
                      - filter: guard
                """);
        assertThat(verdict(result, OrderingRule.CONDITIONAL_SECURITY)).isEqualTo(Verdict.ERROR);
    }

    @Test
    void anOpenSecurityFilterInABranchIsReported() {
        CompileResult result = compile("""
                      - filter: tag
                        branch_chains:
                          - name: checked
                            chains: [{name: inner, filters: [{filter: guard, failure_mode: open}]}]
                """);
        assertThat(findings(result, OrderingRule.OPEN_SECURITY_FILTERS)).singleElement().asString()
                .startsWith("security filter guard in branch 'checked' of listener 'web' has failure_mode: open");
    }

    @Test
    void aSecurityFilterOnlyAConditionalBranchReachesIsAWarning() {
        CompileResult result = compile("""
                      - filter: tag
                        branch_chains:
                          - name: always
                            chains: [{name: a, filters: [{filter: guard}]}]
                          - name: sometimes
                            on_result: {filter: tag, key: k, result: v}
                            chains:
                              - name: b
                                filters:
                                  - filter: tag
                                    branch_chains:
                                      - name: deeper
                                        chains: [{name: c, filters: [{filter: guard}]}]
                """);
        assertThat(findings(result, OrderingRule.SECURITY_ONLY_IN_CONDITIONAL_BRANCH)).singleElement().asString()
                .startsWith("security filter guard in branch 'deeper' of listener 'web' runs only when a conditional "
                        + "branch or host leads to it");
        assertThat(result.ok()).isTrue();
        result.gateway().close();
    }

    @Test
    void aSkipPastASecurityFilterIsAnErrorButAJumpToItIsNot() {
        String pipeline = """
                      - filter: tag
                        branch_chains:
                          - name: fast
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: %s
                      - filter: tag
                        name: middle
                      - filter: guard
                        name: limit
                      - filter: tag
                        name: after
                """;
        CompileResult past = compile(pipeline.formatted("after"));
        assertThat(findings(past, OrderingRule.SKIP_TO_OVER_SECURITY)).containsExactly("branch 'fast' of tag at "
                + "position 0 of listener 'web' skips to position 3, past security filter guard 'limit' at position "
                + "2, so requests taking the branch bypass it (expected: a rejoin target before the security filter, "
                + "or the security filter before the branch's host)");
        assertThat(CheckFixture.errors(past)).singleElement().asString()
                .startsWith("line 10: filter_chains[0].filters[0].branch_chains[0]: ")
                .endsWith("[filter tag, chain main, branch fast]");

        CompileResult onto = compile(pipeline.formatted("limit"));
        assertThat(verdict(onto, OrderingRule.SKIP_TO_OVER_SECURITY)).isEqualTo(Verdict.PASS);
        onto.gateway().close();
    }

    @Test
    void everySecurityFilterBetweenHostAndTargetIsReportedAndNoneBeyond() {
        CompileResult result = compile("""
                      - filter: guard
                        name: before
                      - filter: tag
                        branch_chains:
                          - name: fast
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: target
                      - filter: guard
                        name: one
                      - filter: guard
                        name: two
                      - filter: tag
                        name: target
                      - filter: guard
                        name: after
                """);
        assertThat(findings(result, OrderingRule.SKIP_TO_OVER_SECURITY)).hasSize(2)
                .anySatisfy(m -> assertThat(m).contains("past security filter guard 'one' at position 2"))
                .anySatisfy(m -> assertThat(m).contains("past security filter guard 'two' at position 3"));
    }

    @Test
    void aTerminalBranchThatForwardsBeforeASecurityFilterIsAnError() {
        String pipeline = """
                      %s
                      - filter: tag
                        branch_chains:
                          - name: direct
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: %s, clusters: [c]}, {filter: lb, clusters: [c]}]}]
                            rejoin: terminal
                      - filter: guard
                      - filter: router
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                """;
        CompileResult selectsInBranch = compile(pipeline.formatted("", "router"));
        assertThat(findings(selectsInBranch, OrderingRule.TERMINAL_BEFORE_SECURITY)).singleElement().asString()
                .isEqualTo("branch 'direct' of tag at position 0 of listener 'web' rejoins terminal and forwards "
                        + "upstream (a cluster is chosen in its sub-chain or earlier), bypassing security filter guard "
                        + "at position 1 (expected: the security filter before the routing branch)");

        CompileResult selectedEarlier = compile(pipeline.formatted("- filter: selector\n        clusters: [c]",
                "tag"));
        assertThat(verdict(selectedEarlier, OrderingRule.TERMINAL_BEFORE_SECURITY)).isEqualTo(Verdict.ERROR);

        CompileResult nothingChosen = compile(pipeline.formatted("", "tag"));
        assertThat(verdict(nothingChosen, OrderingRule.TERMINAL_BEFORE_SECURITY))
                .as("a terminal branch with no cluster answers 500, it does not forward").isEqualTo(Verdict.PASS);
    }

    @Test
    void routingAroundANonGatingSecurityFilterIsAWarningButItsConditionsStayAnError() {
        CompileResult skip = compile("""
                      - filter: tag
                        branch_chains:
                          - name: fast
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: after
                      - filter: soft
                      - filter: tag
                        name: after
                """);
        assertThat(verdict(skip, OrderingRule.SKIP_TO_OVER_SECURITY)).isEqualTo(Verdict.WARNING);
        assertThat(findings(skip, OrderingRule.SKIP_TO_OVER_SECURITY)).containsExactly("branch 'fast' of tag at "
                + "position 0 of listener 'web' skips to position 2, past security filter soft at position 1, so "
                + "its policy does not apply to requests taking the branch");
        assertThat(skip.ok()).isTrue();
        skip.gateway().close();

        CompileResult terminal = compile("""
                      - filter: tag
                        branch_chains:
                          - name: direct
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: router, clusters: [c]}, {filter: lb, clusters: [c]}]}]
                            rejoin: terminal
                      - filter: soft
                      - filter: router
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(verdict(terminal, OrderingRule.TERMINAL_BEFORE_SECURITY)).isEqualTo(Verdict.WARNING);

        CompileResult conditional = compile("""
                      - filter: soft
                        conditions: [{when: {path_prefix: /api}}]
                """);
        assertThat(verdict(conditional, OrderingRule.CONDITIONAL_SECURITY)).isEqualTo(Verdict.ERROR);
    }
}
