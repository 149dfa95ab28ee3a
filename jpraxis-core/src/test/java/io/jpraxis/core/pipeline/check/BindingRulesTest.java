package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.CheckFixture.compile;
import static io.jpraxis.core.pipeline.check.CheckFixture.findings;
import static io.jpraxis.core.pipeline.check.CheckFixture.verdict;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.compile.CompileResult;
import org.junit.jupiter.api.Test;

/**
 * R1 to R4, R7 and R8 (see docs/behaviour/binding.md#binding-rules): each rejected case with its
 * accepted twin.
 */
class BindingRulesTest {

    @Test
    void rejectsABoundConditionBeforeTheRouter() {
        CompileResult result = compile("""
                      - filter: tag
                        name: early
                        conditions:
                          - when: {bound_upstream: {application_provider: openai}}
                      - filter: router
                        clusters: [a]
                      - filter: lb
                        clusters: [a=-/openai]
                """);
        assertThat(findings(result, OrderingRule.BINDING_GUARANTEE)).containsExactly("tag 'early' at position 0 of "
                + "listener 'web' requires a bound logical upstream (a bound_upstream condition), but no preceding "
                + "filter is guaranteed to bind one: it runs before router at position 1 (expected: an unconditional "
                + "binding router earlier in the pipeline, on every path to it)");
        assertThat(result.ok()).isFalse();
    }

    @Test
    void acceptsABoundConditionAfterAnUnconditionalRouter() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: tag
                        conditions:
                          - when: {bound_upstream: {application_provider: openai}}
                      - filter: lb
                        clusters: [a=-/openai]
                """);
        assertThat(CheckFixture.errors(result)).isEmpty();
        assertThat(verdict(result, OrderingRule.BINDING_GUARANTEE)).isEqualTo(Verdict.PASS);
        result.gateway().close();
    }

    @Test
    void aConditionalRouterGuaranteesNoBinding() {
        CompileResult result = compile("""
                      - filter: router
                        conditions:
                          - when: {path_prefix: /api}
                        clusters: [a]
                      - filter: blb
                        clusters: [a]
                """);
        assertThat(findings(result, OrderingRule.BINDING_GUARANTEE)).singleElement().asString()
                .startsWith("blb at position 1 of listener 'web' requires a bound logical upstream (a bound_upstream "
                        + "load balancer), but no preceding filter is guaranteed to bind one: router at position 0 has "
                        + "conditions");
    }

    @Test
    void aSkipOverTheRouterBreaksTheGuaranteeButOneAfterItDoesNot() {
        String skipOver = """
                      - filter: tag
                        branch_chains:
                          - name: around
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: consumer
                      - filter: router
                        clusters: [a]
                      - filter: blb
                        name: consumer
                        clusters: [a]
                """;
        assertThat(findings(compile(skipOver), OrderingRule.BINDING_GUARANTEE)).singleElement().asString()
                .contains("a jump passes over router at position 1");
        CompileResult after = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: tag
                        branch_chains:
                          - name: ahead
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: consumer
                      - filter: tag
                      - filter: blb
                        name: consumer
                        clusters: [a]
                """);
        assertThat(CheckFixture.errors(after)).isEmpty();
        after.gateway().close();
    }

    @Test
    void aConsumerNoPathReachesIsAnError() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: answer
                      - filter: blb
                        clusters: [a]
                """);
        assertThat(findings(result, OrderingRule.BINDING_GUARANTEE)).containsExactly("blb at position 2 of listener "
                + "'web' requires a bound logical upstream (a bound_upstream load balancer), but no request path "
                + "reaches it (expected: remove it, or fix the control flow in front of it)");
    }

    @Test
    void aRouterInsideABranchEstablishesNoBinding() {
        CompileResult result = compile("""
                      - filter: tag
                        branch_chains:
                          - name: routing
                            chains: [{name: r, filters: [{filter: router, clusters: [a]}]}]
                      - filter: blb
                        clusters: [a]
                """);
        assertThat(findings(result, OrderingRule.BINDING_GUARANTEE)).singleElement().asString()
                .contains("the pipeline has no top-level router");
        assertThat(findings(result, OrderingRule.SINGLE_BINDING_PUBLISHER)).containsExactly("router in branch "
                + "'routing' of listener 'web' would publish the logical binding inside a branch (expected: the "
                + "request-scoped binding router at the top level, before the branch)");
    }

    @Test
    void branchConsumersOfTheRouterItselfCountAsBoundAndOthersInheritTheirHost() {
        CompileResult ok = compile("""
                      - filter: router
                        clusters: [a]
                        branch_chains:
                          - name: direct
                            rejoin: terminal
                            chains: [{name: d, filters: [{filter: blb, clusters: [a]}]}]
                """);
        assertThat(CheckFixture.errors(ok)).isEmpty();
        ok.gateway().close();
        CompileResult early = compile("""
                      - filter: tag
                        name: host
                        branch_chains:
                          - name: too_soon
                            on_result: {filter: tag, key: k, result: v}
                            chains:
                              - name: outer
                                filters:
                                  - filter: tag
                                    branch_chains:
                                      - name: deeper
                                        chains: [{name: inner, filters: [{filter: blb, clusters: [a]}]}]
                      - filter: router
                        clusters: [a]
                      - filter: lb
                        clusters: [a]
                """);
        assertThat(findings(early, OrderingRule.BINDING_GUARANTEE)).singleElement().asString()
                .startsWith("blb in branch 'deeper' (hosted by tag 'host' at position 0 of listener 'web') requires");
    }

    @Test
    void aBoundLoadBalancerNeedsNoRouterForLbWithoutRouter() {
        CompileResult result = compile("""
                      - filter: blb
                        clusters: [a]
                """);
        assertThat(findings(result, OrderingRule.LB_WITHOUT_ROUTER)).isEmpty();
        assertThat(findings(result, OrderingRule.BINDING_GUARANTEE)).singleElement().asString()
                .contains("the pipeline has no top-level router");
    }

    @Test
    void rejectsASecondPublisherAndAcceptsOne() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: router
                        name: second
                        clusters: [a]
                      - filter: blb
                        clusters: [a]
                """);
        assertThat(findings(result, OrderingRule.SINGLE_BINDING_PUBLISHER)).containsExactly("router 'second' at "
                + "position 1 of listener 'web' publishes a second logical upstream binding besides router at position "
                + "0 (expected: exactly one binding router; merge the routes into it)");
        CompileResult twoWithoutBinding = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: router
                        clusters: [a]
                      - filter: lb
                        clusters: [a]
                """);
        assertThat(findings(twoWithoutBinding, OrderingRule.SINGLE_BINDING_PUBLISHER))
                .as("a pipeline that does not bind is duplicate_routers' business").isEmpty();
    }

    @Test
    void rejectsAReEntranceThatRunsTheRouterAgainAndAcceptsOneAfterIt() {
        CompileResult result = compile("""
                      - filter: router
                        name: routing
                        clusters: [a]
                      - filter: tag
                        branch_chains:
                          - name: again
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: routing
                            max_iterations: 2
                      - filter: blb
                        clusters: [a]
                """);
        assertThat(findings(result, OrderingRule.SINGLE_BINDING_PUBLISHER)).containsExactly("branch 'again' of tag "
                + "at position 1 of listener 'web' re-enters at position 0, where router 'routing' at position 0 runs "
                + "again after its binding froze (expected: re-enter after the router)");
        CompileResult after = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: tag
                        name: retry
                        branch_chains:
                          - name: again
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: retry
                            max_iterations: 2
                      - filter: blb
                        clusters: [a]
                """);
        assertThat(CheckFixture.errors(after)).isEmpty();
        after.gateway().close();
    }

    @Test
    void rejectsABoundConditionOnAPreReadBodyFilterButNotOnAStreamingOne() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: buffer
                        conditions:
                          - when: {bound_upstream: {application_provider: openai}}
                      - filter: lb
                        clusters: [a=-/openai]
                """);
        assertThat(findings(result, OrderingRule.BOUND_CONDITION_PRE_READ)).containsExactly("buffer at position 1 of "
                + "listener 'web' has a bound_upstream condition, but its request-body hook runs at pre-read, before "
                + "any binding exists, so the condition would never see one (expected: drop the condition, and send "
                + "the requests it should not see down a branch of an earlier host gated on the binding)");
        CompileResult streaming = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: reader
                        conditions:
                          - when: {bound_upstream: {application_provider: openai}}
                      - filter: lb
                        clusters: [a=-/openai]
                """);
        assertThat(CheckFixture.errors(streaming)).as("body hooks run after routing when bodies stream").isEmpty();
        streaming.gateway().close();
    }

    @Test
    void rejectsATopLevelLoadBalancerBesideTheIterativeRouter() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: lb
                        clusters: [a]
                      - filter: iterative_request_router
                        steps: [inference]
                        clusters: [a]
                """);
        assertThat(findings(result, OrderingRule.IRR_COEXISTENCE)).containsExactly("lb at position 1 of listener "
                + "'web' would pick an endpoint before iterative_request_router at position 2 owns the exchange "
                + "(expected: no top-level load_balancer beside an iterative_request_router; balance inside its steps, "
                + "or in a direct branch with cluster_source: bound_upstream)");
    }

    @Test
    void rejectsARouterBesideTheIterativeRouterWithNoBoundConsumerAfterIt() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: iterative_request_router
                """);
        assertThat(findings(result, OrderingRule.IRR_COEXISTENCE)).containsExactly("router at position 0 of listener "
                + "'web' shares the pipeline with iterative_request_router at position 1, but no load_balancer with "
                + "cluster_source: bound_upstream runs after the router, so its cluster choice is ignored (expected: a "
                + "bound load_balancer after the router, in a direct branch or in an iterative_request_router step, or "
                + "no router)");
        CompileResult withSteps = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: iterative_request_router
                        steps: [inference]
                        clusters: [a]
                """);
        assertThat(CheckFixture.errors(withSteps)).isEmpty();
        assertThat(findings(withSteps, OrderingRule.ROUTER_WITHOUT_LB)).as("the IRR's steps pick the endpoint")
                .isEmpty();
        withSteps.gateway().close();
    }

    @Test
    void anIterativeRoutersOwnBranchesCountOnlyWhenItFailsOpen() {
        String irr = """
                      - filter: router
                        clusters: [a]
                      - filter: iterative_request_router
                        failure_mode: %s
                        branch_chains:
                          - name: fallback
                            chains: [{name: f, filters: [{filter: blb, clusters: [a]}]}]
                """;
        assertThat(findings(compile(irr.formatted("closed")), OrderingRule.IRR_COEXISTENCE)).hasSize(1);
        CompileResult open = compile(irr.formatted("open"));
        assertThat(CheckFixture.errors(open)).isEmpty();
        open.gateway().close();
    }

    @Test
    void aBoundLoadBalancerInANextBranchBeforeTheIterativeRouterCountsAsItsConsumer() {
        // Known limitation: the IRR then overrides that selection; rejoin: terminal is the way to dispatch.
        CompileResult result = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: tag
                        branch_chains:
                          - name: too_early
                            chains: [{name: d, filters: [{filter: blb, clusters: [a]}]}]
                      - filter: iterative_request_router
                """);
        assertThat(CheckFixture.errors(result)).isEmpty();
        result.gateway().close();
    }

    @Test
    void rejectsAWhenMatcherNoBindableClusterSatisfiesButNotAnUnless() {
        String config = """
                      - filter: router
                        clusters: [o, g]
                      - filter: tag
                        name: gated
                        conditions:
                          - %s: {bound_upstream: {application_provider: anthropic}}
                        branch_chains:
                          - name: nested
                            on_result: {filter: tag, key: k, result: v}
                            chains:
                              - name: n
                                filters:
                                  - filter: tag
                                    conditions:
                                      - when: {bound_upstream: {application_protocol: chat}}
                      - filter: lb
                        clusters: [o=-/openai, g=chat/-, x=-/anthropic]
                """;
        CompileResult when = compile(config.formatted("when"));
        assertThat(findings(when, OrderingRule.SATISFIABLE_BOUND_MATCHERS)).containsExactly("tag 'gated' at position 1 "
                + "of listener 'web' has a bound_upstream condition (application_provider: anthropic) that matches no "
                + "bindable cluster's application metadata, so it would never run (expected: a matcher one of the "
                + "clusters router at position 0 can bind satisfies: o (protocol=(none), provider=openai), g "
                + "(protocol=chat, provider=(none)))");
        CompileResult unless = compile(config.formatted("unless"));
        assertThat(CheckFixture.errors(unless)).isEmpty();
        unless.gateway().close();
    }

    @Test
    void rejectsDisagreeingDeclarationsOnlyWhenThePipelineBinds() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: tag
                        conditions:
                          - when: {bound_upstream: {application_provider: openai}}
                        branch_chains:
                          - name: direct
                            rejoin: terminal
                            chains: [{name: d, filters: [{filter: blb, clusters: [a=-/openai]}]}]
                      - filter: blb
                        clusters: [a=-/vllm]
                """);
        assertThat(findings(result, OrderingRule.BINDING_METADATA_AGREEMENT)).containsExactly("blb at position 2 of "
                + "listener 'web' declares cluster 'a' with application metadata protocol=(none), provider=vllm, but "
                + "blb in branch 'direct' of listener 'web' declares it with protocol=(none), provider=openai; the "
                + "binding could not carry one protocol and provider for it (expected: every declaration of 'a' "
                + "agrees)");
        CompileResult unbound = compile("""
                      - filter: router
                        clusters: [a]
                      - filter: tag
                        branch_chains:
                          - name: side
                            on_result: {filter: tag, key: k, result: v}
                            rejoin: terminal
                            chains: [{name: d, filters: [{filter: lb, clusters: [a=-/openai]}]}]
                      - filter: lb
                        clusters: [a=-/vllm]
                """);
        assertThat(findings(unbound, OrderingRule.BINDING_METADATA_AGREEMENT)).isEmpty();
    }

    @Test
    void skipPipelineValidationDemotesBindingErrorsToWarnings() {
        CompileResult result = compile("""
                      - filter: blb
                        clusters: [a]
                insecure_options:
                  skip_pipeline_validation: true
                """);
        assertThat(result.ok()).isTrue();
        assertThat(verdict(result, OrderingRule.BINDING_GUARANTEE)).isEqualTo(Verdict.DEMOTED);
        result.gateway().close();
    }

    @Test
    void matcherValuesNoLoadBalancerDeclaresAreRefusedEvenWithValidationSkipped() {
        CompileResult result = CheckFixture.compileYaml(CheckFixture.HEAD + """
                      - filter: router
                        clusters: [a]
                      - filter: tag
                        conditions:
                          - unless: {bound_upstream: {application_provider: opnai}}
                          - when: {selected_upstream: {application_protocol: chat, application_provider: openai}}
                      - filter: lb
                        clusters: [a=-/openai, b=chat/vllm]
                insecure_options:
                  skip_pipeline_validation: true
                """);
        assertThat(CheckFixture.errors(result)).containsExactly(
                "line 12: filter_chains[0].filters[1].conditions[0].unless.bound_upstream.application_provider: "
                        + "\"opnai\" (expected: a value some load_balancer cluster declares: openai, vllm) [filter tag, "
                        + "chain main]",
                "line 13: filter_chains[0].filters[1].conditions[1].when.selected_upstream: application_protocol "
                        + "chat with application_provider openai (expected: a pair one load_balancer cluster declares "
                        + "together: chat/vllm) [filter tag, chain main]");
    }

    @Test
    void aMatcherTypoAndTheBindingRuleErrorsAreReportedTogether() {
        CompileResult result = compile("""
                      - filter: tag
                        conditions:
                          - when: {bound_upstream: {application_provider: openai}}
                      - filter: router
                        clusters: [a]
                      - filter: tag
                        conditions:
                          - unless: {bound_upstream: {application_provider: opnai}}
                      - filter: blb
                        clusters: [a=-/openai]
                """);
        assertThat(CheckFixture.errors(result)).as("validate lists every binding problem at once").hasSize(2)
                .anySatisfy(e -> assertThat(e).contains("\"opnai\" (expected: a value some load_balancer cluster "
                        + "declares: openai)"))
                .anySatisfy(e -> assertThat(e).contains("tag at position 0 of listener 'web' requires a bound "
                        + "logical upstream"));
        assertThat(verdict(result, OrderingRule.BINDING_GUARANTEE)).isEqualTo(Verdict.ERROR);
    }
}
