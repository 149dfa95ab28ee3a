package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.CheckFixture.compile;
import static io.jpraxis.core.pipeline.check.CheckFixture.errors;
import static io.jpraxis.core.pipeline.check.CheckFixture.verdict;
import static io.jpraxis.core.pipeline.check.CheckFixture.warnings;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.read.Scalars;
import io.jpraxis.core.pipeline.compile.CompileResult;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The runner: verdicts, the skip flags, skip_pipeline_validation, and reporting every listener. */
class OrderingChecksTest {
    /** Breaks lb_without_router (flagged) and skip_to_over_security (no flag). */
    private static final String TWO_PROBLEMS = """
                  - filter: tag
                    branch_chains:
                      - name: around
                        on_result: {filter: tag, key: k, result: v}
                        chains: [{name: a, filters: [{filter: tag}]}]
                        rejoin: after
                  - filter: guard
                  - filter: lb
                    name: after
                    clusters: [c]
            """;

    @Test
    void everyCheckBelongsToExactlyOneFamily() {
        Set<OrderingRule> seen = EnumSet.noneOf(OrderingRule.class);
        for (RuleFamily family : OrderingChecks.FAMILIES) {
            for (OrderingRule check : family.checks()) {
                assertThat(seen.add(check)).as(check + " is run by one family only").isTrue();
            }
        }
        assertThat(seen).as("no check without a family").containsExactlyInAnyOrder(OrderingRule.values());
    }

    @Test
    void aFlaggedCheckIsNamedAfterItsFlag() {
        for (OrderingRule check : OrderingRule.values()) {
            if (check.skipFlag() != null) {
                assertThat(check.yamlName()).isEqualTo(Scalars.yamlName(check.skipFlag()));
            }
        }
    }

    @Test
    void aCleanPipelinePassesEveryCheck() {
        CompileResult result = compile("""
                      - filter: router
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(result.ok()).isTrue();
        assertThat(result.reports()).singleElement().satisfies(r -> {
            assertThat(r.listener()).isEqualTo("web");
            assertThat(r.results()).extracting(CheckResult::check).containsExactly(OrderingRule.values());
            assertThat(r.results()).allSatisfy(c -> assertThat(c.verdict()).as(c.check().yamlName())
                    .isEqualTo(Verdict.PASS));
        });
    }

    @Test
    void errorsRefuseTheConfigAndAreAllReportedTogether() {
        CompileResult result = compile(TWO_PROBLEMS);
        assertThat(result.ok()).isFalse();
        assertThat(result.gateway()).isNull();
        assertThat(errors(result)).hasSize(2);
        assertThat(verdict(result, OrderingRule.LB_WITHOUT_ROUTER)).isEqualTo(Verdict.ERROR);
        assertThat(verdict(result, OrderingRule.SKIP_TO_OVER_SECURITY)).isEqualTo(Verdict.ERROR);
        assertThat(result.reports()).as("explain still gets the graph of a refused pipeline").hasSize(1);
    }

    @Test
    void aSkipFlagKeepsItsCheckFromRunningAndNoOther() {
        CompileResult result = compile(TWO_PROBLEMS + """
                insecure_options:
                  skip_pipeline_checks:
                    lb_without_router: true
                """);
        assertThat(verdict(result, OrderingRule.LB_WITHOUT_ROUTER)).isEqualTo(Verdict.SKIPPED);
        assertThat(result.reports().getFirst().result(OrderingRule.LB_WITHOUT_ROUTER).flag())
                .isEqualTo("insecure_options.skip_pipeline_checks.lb_without_router");
        assertThat(verdict(result, OrderingRule.SKIP_TO_OVER_SECURITY)).isEqualTo(Verdict.ERROR);
        assertThat(errors(result)).singleElement().asString().contains("skips to position 2");
    }

    @Test
    void skipPipelineValidationSkipsFlaggedChecksAndDemotesTheRest() {
        CompileResult result = compile(TWO_PROBLEMS + """
                insecure_options:
                  skip_pipeline_validation: true
                """);
        assertThat(result.ok()).as("nothing refuses the config").isTrue();
        assertThat(result.reports().getFirst().results()).filteredOn(r -> r.verdict() == Verdict.SKIPPED)
                .as("the blanket flag behaves as every granular flag").extracting(CheckResult::check)
                .containsExactlyInAnyOrder(OrderingRule.LB_WITHOUT_ROUTER, OrderingRule.UNREACHABLE_FILTERS,
                        OrderingRule.CONDITIONAL_SECURITY, OrderingRule.DUPLICATE_ROUTERS,
                        OrderingRule.DUPLICATE_LOAD_BALANCERS, OrderingRule.CONFLICTING_CLUSTER_SELECTORS,
                        OrderingRule.MISALIGNED_CLUSTERS, OrderingRule.DUPLICATE_REWRITE_FILTERS);
        assertThat(result.reports().getFirst().result(OrderingRule.LB_WITHOUT_ROUTER).flag())
                .isEqualTo("insecure_options.skip_pipeline_validation");
        assertThat(verdict(result, OrderingRule.SKIP_TO_OVER_SECURITY)).isEqualTo(Verdict.DEMOTED);
        assertThat(warnings(result)).singleElement().asString().contains("skips to position 2")
                .contains("reported as a warning because insecure_options.skip_pipeline_validation is set");
        result.gateway().close();
    }

    @Test
    void anOpenSecurityFilterIsAnErrorUnlessAllowedThenAWarning() {
        String open = """
                      - filter: guard
                        failure_mode: open
                """;
        CompileResult refused = compile(open);
        assertThat(verdict(refused, OrderingRule.OPEN_SECURITY_FILTERS)).isEqualTo(Verdict.ERROR);
        assertThat(errors(refused)).singleElement().asString()
                .contains("security filter guard at position 0 of listener 'web' has failure_mode: open");

        CompileResult allowed = compile(open + """
                insecure_options:
                  allow_open_security_filters: true
                """);
        assertThat(allowed.ok()).isTrue();
        assertThat(verdict(allowed, OrderingRule.OPEN_SECURITY_FILTERS)).isEqualTo(Verdict.WARNING);
        assertThat(warnings(allowed)).singleElement().asString()
                .contains("allowed by insecure_options.allow_open_security_filters");
        allowed.gateway().close();
    }

    @Test
    void eachListenerIsCheckedAndNamed() {
        CompileResult result = CheckFixture.compileYaml("""
                listeners:
                  - name: one
                    address: "127.0.0.1:8080"
                    filter_chains: [ok]
                  - name: two
                    address: "127.0.0.1:8081"
                    filter_chains: [broken]
                filter_chains:
                  - name: ok
                    filters:
                      - filter: tag
                  - name: broken
                    filters:
                      - filter: answer
                      - filter: tag
                """);
        assertThat(result.reports()).extracting(PipelineReport::listener).containsExactly("one", "two");
        assertThat(errors(result)).singleElement().asString()
                .startsWith("line 14: filter_chains[1].filters[0]: answer at position 0 of listener 'two' answers "
                        + "every request, so no request reaches tag (position 1)")
                .endsWith("[filter answer, chain broken]");
    }

    @Test
    void checksDoNotRunWhenAFilterFailedToBuild() {
        CompileResult result = compile("""
                      - filter: lb
                        unknown_key: 1
                """);
        assertThat(errors(result)).singleElement().asString().contains("unknown_key");
        assertThat(result.reports()).as("a pipeline with a filter missing would give false findings").isEmpty();
    }
}
