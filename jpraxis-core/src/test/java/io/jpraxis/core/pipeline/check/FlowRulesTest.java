package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.CheckFixture.compile;
import static io.jpraxis.core.pipeline.check.CheckFixture.findings;
import static io.jpraxis.core.pipeline.check.CheckFixture.verdict;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.condition.ResponseCondition;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.compile.CompileResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unreachable filters, condition rules, branch body access and the selected-upstream ordering. */
class FlowRulesTest {

    @Test
    void filtersAfterAnUnconditionalLeavingBranchAreListedOnceInAWarning() {
        CompileResult result = compile("""
                      - filter: tag
                        name: host
                        branch_chains:
                          - name: away
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: target
                      - filter: tag
                        name: skipped
                      - filter: answer
                      - filter: tag
                        name: target
                """);
        assertThat(findings(result, OrderingRule.UNREACHABLE_FILTERS)).containsExactly("tag 'host' at position 0 of "
                + "listener 'web' has branch 'away', which always fires and skips to position 3, so no request reaches "
                + "tag 'skipped' (position 1), answer (position 2) (expected: on_result on the branch or conditions on "
                + "its host, or those filters removed)");
        assertThat(verdict(result, OrderingRule.UNREACHABLE_FILTERS)).as("Praxis loads such configs")
                .isEqualTo(Verdict.WARNING);
        assertThat(result.ok()).isTrue();
        result.gateway().close();
    }

    @Test
    void filtersAfterAnUnconditionalAnswerAreAnError() {
        CompileResult result = compile("""
                      - filter: tag
                      - filter: answer
                        name: done
                      - filter: tag
                      - filter: lb
                        clusters: [c=-/openai]
                """);
        assertThat(findings(result, OrderingRule.UNREACHABLE_FILTERS)).containsExactly("answer 'done' at position 1 "
                + "of listener 'web' answers every request, so no request reaches tag (position 2), lb (position 3) "
                + "(expected: the answering filter last, or conditions on it)");
        assertThat(verdict(result, OrderingRule.UNREACHABLE_FILTERS)).isEqualTo(Verdict.ERROR);
    }

    @Test
    void aFilterAJumpLandsOnIsReachableEvenAfterAnAnswer() {
        CompileResult result = compile("""
                      - filter: tag
                        branch_chains:
                          - name: around
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: landing
                      - filter: answer
                      - filter: tag
                        name: landing
                """);
        assertThat(verdict(result, OrderingRule.UNREACHABLE_FILTERS)).isEqualTo(Verdict.PASS);
        result.gateway().close();
    }

    @Test
    void aTopLevelTraceFilterMayNotWaitForAnUpstreamButOneInABranchMay() {
        CompileResult result = compile("""
                      - filter: trace
                        conditions: [{when: {selected_upstream: {application_provider: openai}}}]
                      - filter: tag
                        branch_chains:
                          - name: later
                            chains:
                              - name: a
                                filters:
                                  - filter: trace
                                    conditions: [{unless: {path: /x}}]
                                  - filter: lb
                                    clusters: [c=-/openai]
                """);
        assertThat(findings(result, OrderingRule.TRACE_CONTEXT_UPSTREAM_CONDITIONS)).singleElement().asString()
                .startsWith("trace at position 0 of listener 'web' decides before routing, so it cannot be gated on "
                        + "bound_upstream or selected_upstream");
    }

    @Test
    void bodyAccessInsideABranchIsRefusedAtAnyDepthButNotAtTheTop() {
        CompileResult result = compile("""
                      - filter: reader
                      - filter: tag
                        branch_chains:
                          - name: outer
                            chains:
                              - name: a
                                filters:
                                  - filter: tag
                                    branch_chains:
                                      - name: inner
                                        chains: [{name: b, filters: [{filter: reader, name: deep}]}]
                """);
        assertThat(findings(result, OrderingRule.BRANCH_BODY_ACCESS)).singleElement().asString()
                .startsWith("reader 'deep' in branch 'inner' of listener 'web' declares body access");
    }

    @Test
    void aSelectedUpstreamConditionNeedsALoadBalancerOnEveryPath() {
        String gated = "conditions: [{when: {selected_upstream: {application_provider: openai}}}]";
        CompileResult before = compile("""
                      - filter: router
                        clusters: [c]
                      - filter: tag
                        name: early
                        %s
                      - filter: lb
                        clusters: [c=-/openai]
                      - filter: tag
                        name: late
                        %s
                """.formatted(gated, gated));
        assertThat(findings(before, OrderingRule.SELECTED_UPSTREAM_ORDERING)).singleElement().asString()
                .startsWith("tag 'early' at position 1 of listener 'web' has a selected_upstream condition, but no "
                        + "load_balancer is guaranteed to run before it");

        CompileResult conditionalLb = compile("""
                      - filter: router
                        clusters: [c]
                      - filter: lb
                        conditions: [{when: {path_prefix: /api}}]
                        clusters: [c=-/openai]
                      - filter: tag
                        %s
                """.formatted(gated));
        assertThat(verdict(conditionalLb, OrderingRule.SELECTED_UPSTREAM_ORDERING)).isEqualTo(Verdict.ERROR);

        CompileResult skippedLb = compile("""
                      - filter: router
                        clusters: [c]
                        branch_chains:
                          - name: around
                            on_result: {filter: router, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: gated
                      - filter: lb
                        clusters: [c=-/openai]
                      - filter: tag
                        name: gated
                        %s
                """.formatted(gated));
        assertThat(verdict(skippedLb, OrderingRule.SELECTED_UPSTREAM_ORDERING)).as("a skip jumps over the lb")
                .isEqualTo(Verdict.ERROR);
    }

    @Test
    void anUnconditionalBranchLoadBalancerOrAHostingOneGuaranteesTheSelection() {
        String gated = "conditions: [{when: {selected_upstream: {application_provider: openai}}}]";
        CompileResult result = compile("""
                      - filter: router
                        clusters: [c]
                      - filter: tag
                        branch_chains:
                          - name: pick
                            chains: [{name: a, filters: [{filter: lb, clusters: [c=-/openai]}]}]
                          - name: after_pick
                            chains: [{name: b, filters: [{filter: tag, %s}]}]
                      - filter: tag
                        %s
                      - filter: lb
                        clusters: [c=-/openai]
                        branch_chains:
                          - name: hosted
                            chains: [{name: c, filters: [{filter: tag, %s}]}]
                """.formatted(gated, gated, gated));
        assertThat(verdict(result, OrderingRule.SELECTED_UPSTREAM_ORDERING)).isEqualTo(Verdict.PASS);

        CompileResult sibling = compile("""
                      - filter: router
                        clusters: [c]
                      - filter: tag
                        branch_chains:
                          - name: maybe_pick
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: lb, clusters: [c=-/openai]}]}]
                          - name: after
                            chains: [{name: b, filters: [{filter: tag, name: inside, %s}]}]
                      - filter: lb
                        clusters: [c=-/openai]
                """.formatted(gated));
        assertThat(findings(sibling, OrderingRule.SELECTED_UPSTREAM_ORDERING)).singleElement().asString()
                .startsWith("tag 'inside' in branch 'after' of listener 'web' has a selected_upstream condition");
    }

    @Test
    void anInvalidConditionHeaderNameIsRefusedEvenWhenTheLoaderWasBypassed() {
        // The loader refuses such names itself; the check guards pipelines built from records.
        RequestPredicateConfig predicate = new RequestPredicateConfig(null, null, null,
                List.of(new HeaderValue("bad name", "x")), List.of("ok", "also bad"), null, null, null);
        SourceRef at = new SourceRef(ConfigPath.root().key("filters").index(0), 3);
        FilterEntryConfig entry = new FilterEntryConfig("tag", null,
                List.of(new ConditionConfig(ConditionConfig.Kind.WHEN, predicate, at)), List.of(),
                FilterEntryConfig.FailureMode.CLOSED, List.of(), new ConfigNode.MapNode(List.of(), 3), at);
        HttpFilter tag = new HttpFilter() {
            @Override
            public String type() {
                return "tag";
            }

            @Override
            public Object config() {
                return "tag";
            }
        };
        CompiledPipeline pipeline = new CompiledPipeline("web", List.of(new CompiledFilter(0, tag,
                FilterDeclaration.NONE, RequestCondition.ALWAYS, true, ResponseCondition.ALWAYS, FilterEntryConfig.FailureMode.CLOSED, "main",
                entry)));
        Diagnostics diagnostics = new Diagnostics();
        PipelineReport report = new OrderingChecks(InsecureOptions.NONE).run(FlowGraph.of(pipeline, Map.of()),
                diagnostics);
        assertThat(report.result(OrderingRule.CONDITION_HEADER_NAMES).verdict()).isEqualTo(Verdict.ERROR);
        assertThat(diagnostics.errors()).extracting(d -> d.render()).containsExactly(
                "line 3: filters[0]: tag of listener 'web' has a condition on header \"bad name\", which no request can "
                        + "carry, so it never matches (expected: a header name (RFC 9110 token characters)) "
                        + "[filter tag, chain main]",
                "line 3: filters[0]: tag of listener 'web' has a condition on header \"also bad\", which no request can "
                        + "carry, so it never matches (expected: a header name (RFC 9110 token characters)) "
                        + "[filter tag, chain main]");
    }
}
