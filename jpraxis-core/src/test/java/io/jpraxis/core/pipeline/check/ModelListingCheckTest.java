package io.jpraxis.core.pipeline.check;

import static io.jpraxis.core.pipeline.check.CheckFixture.compile;
import static io.jpraxis.core.pipeline.check.CheckFixture.errors;
import static io.jpraxis.core.pipeline.check.CheckFixture.findings;
import static io.jpraxis.core.pipeline.check.CheckFixture.verdict;
import static io.jpraxis.core.pipeline.check.CheckFixture.warnings;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.compile.CompileResult;
import org.junit.jupiter.api.Test;

/** model_catalog_without_route (docs/behaviour/ordering-checks.md#model-listings). */
class ModelListingCheckTest {

    @Test
    void aListingWithNothingThatNamesModelsIsAnErrorAtEachListing() {
        CompileResult result = compile("""
                      - filter: catalog
                        name: top
                      - filter: tag
                        branch_chains:
                          - name: side
                            chains: [{name: a, filters: [{filter: catalog, name: nested}]}]
                      - filter: router
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(findings(result, OrderingRule.MODEL_CATALOG_WITHOUT_ROUTE)).as("both listings, each placed")
                .satisfiesExactly(
                        top -> assertThat(top).startsWith("catalog 'top' at position 0 of listener 'web' lists the "
                                + "models of its pipeline's intelligent_route candidates, but the pipeline has no "
                                + "intelligent_route"),
                        nested -> assertThat(nested).startsWith("catalog 'nested' in branch 'side' of listener 'web'"));
        assertThat(errors(result)).as("it refuses the config").hasSize(2);
    }

    @Test
    void aNamerAnywhereInThePipelineSatisfiesItBeforeOrAfterOrInABranch() {
        CompileResult after = compile("""
                      - filter: catalog
                      - filter: models
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(verdict(after, OrderingRule.MODEL_CATALOG_WITHOUT_ROUTE)).as("read per request: after is fine")
                .isEqualTo(Verdict.PASS);
        assertThat(verdict(after, OrderingRule.CONFLICTING_CLUSTER_SELECTORS))
                .as("a listing answers locally and selects no cluster, so it is no second selector")
                .isEqualTo(Verdict.PASS);

        CompileResult inBranch = compile("""
                      - filter: catalog
                      - filter: tag
                        branch_chains:
                          - name: route
                            chains: [{name: a, filters: [{filter: models}]}]
                      - filter: lb
                        clusters: [c]
                """);
        assertThat(verdict(inBranch, OrderingRule.MODEL_CATALOG_WITHOUT_ROUTE)).isEqualTo(Verdict.PASS);
    }

    @Test
    void skipPipelineValidationDemotesItToAWarning() {
        CompileResult result = compile("""
                      - filter: catalog
                      - filter: router
                        clusters: [c]
                      - filter: lb
                        clusters: [c]
                insecure_options:
                  skip_pipeline_validation: true
                """);
        assertThat(errors(result)).isEmpty();
        assertThat(warnings(result)).anySatisfy(w -> assertThat(w).contains("has no intelligent_route")
                .contains("reported as a warning"));
    }
}
