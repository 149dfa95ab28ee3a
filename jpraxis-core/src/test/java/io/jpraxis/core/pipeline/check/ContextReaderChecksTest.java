package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.CheckFixture.compile;
import static io.jpraxis.core.pipeline.check.CheckFixture.errors;
import static io.jpraxis.core.pipeline.check.CheckFixture.findings;
import static io.jpraxis.core.pipeline.check.CheckFixture.verdict;
import static io.jpraxis.core.pipeline.check.CheckFixture.warnings;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.compile.CompileResult;
import org.junit.jupiter.api.Test;

/** cluster_reader_without_router and subject_without_authentication (docs/behaviour/ordering-checks.md#context-readers). */
class ContextReaderChecksTest {

    @Test
    void aClusterReaderBeforeTheRouterIsAnErrorNamingItAndWhy() {
        CompileResult result = compile("""
                      - filter: breaker
                        name: early
                      - filter: router
                        clusters: [c]
                      - filter: breaker
                        name: late
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(findings(result, OrderingRule.CLUSTER_READER_WITHOUT_ROUTER)).as("only the one before the router")
                .singleElement().asString()
                .startsWith("breaker 'early' at position 0 of listener 'web' acts on the cluster a router selects, but "
                        + "no router or other cluster-selecting filter comes before it on some path")
                .endsWith("(expected: a router earlier in the pipeline)");
        assertThat(errors(result)).as("it refuses the config").hasSize(1);
    }

    @Test
    void aConditionalRouterOrASelectorInABranchCountsButAJumpPastTheRouterDoesNot() {
        CompileResult conditional = compile("""
                      - filter: router
                        conditions: [{when: {path_prefix: /api}}]
                        clusters: [c]
                      - filter: breaker
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(verdict(conditional, OrderingRule.CLUSTER_READER_WITHOUT_ROUTER))
                .as("a request the router skipped has no cluster and passes the breaker, as meant").isEqualTo(Verdict.PASS);

        CompileResult inBranch = compile("""
                      - filter: tag
                        branch_chains:
                          - name: route
                            chains: [{name: a, filters: [{filter: selector, clusters: [c]}]}]
                      - filter: breaker
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(verdict(inBranch, OrderingRule.CLUSTER_READER_WITHOUT_ROUTER)).as("the branch's selector runs first")
                .isEqualTo(Verdict.PASS);

        CompileResult skipped = compile("""
                      - filter: tag
                        branch_chains:
                          - name: around
                            on_result: {filter: tag, key: k, result: v}
                            chains: [{name: a, filters: [{filter: tag}]}]
                            rejoin: guarded
                      - filter: router
                        clusters: [c]
                      - filter: breaker
                        name: guarded
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(findings(skipped, OrderingRule.CLUSTER_READER_WITHOUT_ROUTER)).as("the skip jumps over the router")
                .singleElement().asString().startsWith("breaker 'guarded' at position 2 of listener 'web'");
    }

    @Test
    void aClusterReaderInABranchIsCheckedWithWhatRanBeforeIt() {
        CompileResult result = compile("""
                      - filter: tag
                        branch_chains:
                          - name: first
                            chains: [{name: a, filters: [{filter: breaker, name: too_early}, {filter: router, clusters: [c]},
                                {filter: breaker, name: fine}]}]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(findings(result, OrderingRule.CLUSTER_READER_WITHOUT_ROUTER)).singleElement().asString()
                .startsWith("breaker 'too_early' in branch 'first' of listener 'web' acts on the cluster");

        CompileResult hosted = compile("""
                      - filter: router
                        clusters: [c]
                        branch_chains:
                          - name: after
                            chains: [{name: a, filters: [{filter: breaker}]}]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(verdict(hosted, OrderingRule.CLUSTER_READER_WITHOUT_ROUTER)).as("a router's branches run after it")
                .isEqualTo(Verdict.PASS);
    }

    @Test
    void aBoundLoadBalancerSeedsTheClusterForTheReadersAfterIt() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [c]
                      - filter: blb
                        clusters: [c]
                      - filter: breaker
                """);
        assertThat(verdict(result, OrderingRule.CLUSTER_READER_WITHOUT_ROUTER)).isEqualTo(Verdict.PASS);
    }

    @Test
    void aSubjectKeyedFilterNeedsAnAuthenticationFilterBeforeIt() {
        CompileResult before = compile("""
                      - filter: keyed
                      - filter: auth
                      - filter: keyed
                        name: after
                """);
        assertThat(findings(before, OrderingRule.SUBJECT_WITHOUT_AUTHENTICATION)).singleElement().asString()
                .isEqualTo("keyed at position 0 of listener 'web' is keyed on authenticated_subject, but no "
                        + "authentication filter that sets the subject comes before it on some path, so every request "
                        + "of that path would be refused with 401 (expected: jwt_auth, basic_auth or api_key_auth "
                        + "earlier in the pipeline)");

        CompileResult none = compile("""
                      - filter: guard
                      - filter: keyed
                """);
        assertThat(verdict(none, OrderingRule.SUBJECT_WITHOUT_AUTHENTICATION))
                .as("a security filter that sets no subject does not count").isEqualTo(Verdict.ERROR);
    }

    @Test
    void skipPipelineValidationDemotesBothToWarnings() {
        CompileResult result = compile("""
                      - filter: breaker
                      - filter: keyed
                insecure_options:
                  skip_pipeline_validation: true
                """);
        assertThat(errors(result)).as("demotable, like every check without a flag").isEmpty();
        assertThat(verdict(result, OrderingRule.CLUSTER_READER_WITHOUT_ROUTER)).isEqualTo(Verdict.DEMOTED);
        assertThat(verdict(result, OrderingRule.SUBJECT_WITHOUT_AUTHENTICATION)).isEqualTo(Verdict.DEMOTED);
        assertThat(warnings(result)).anyMatch(w -> w.contains("breaker at position 0"))
                .anyMatch(w -> w.contains("keyed at position 1"));
    }
}
