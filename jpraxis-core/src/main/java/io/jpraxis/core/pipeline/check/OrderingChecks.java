package io.jpraxis.core.pipeline.check;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.InsecureOptions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Runs every ordering check (see docs/behaviour/ordering-checks.md#the-ordering-checks) over one
 * pipeline's graph and reports the findings: checks skipped by their {@code skip_pipeline_checks}
 * flag do not report; with {@code skip_pipeline_validation} every remaining error becomes a warning
 * (see docs/behaviour/config-loading.md#insecure-options).
 */
public final class OrderingChecks {
    /**
     * One instance per family. The binding families (see docs/behaviour/binding.md#binding-rules)
     * have no skip flag. R5 (bound-upstream body participants: bounded StreamBuffer, no
     * selected_upstream condition, none in a branch) finds something only with feature
     * bound-upstream-request-body; R9 (none in an IRR step) runs where an iterative_request_router
     * builds its steps, undemotable (see docs/behaviour/iterative-router.md#step-checks).
     */
    static final List<RuleFamily> FAMILIES = List.of(
            new ClusterSelectionChecks(),
            new ReachabilityCheck(),
            new SecurityGateChecks(),
            new SecurityBypassChecks(),
            new ClusterAlignmentCheck(),
            new RewriteChecks(),
            new ConditionChecks(),
            new BranchBodyCheck(),
            new SelectedUpstreamOrdering(),
            new ContextReaderOrdering(),
            new MetadataAgreement(),
            new BindingGuarantee(),
            new SinglePublisher(),
            new PreReadBoundCondition(),
            new BoundBodyParticipants(),
            new BindingCoverage(),
            new IrrCoexistence(),
            new IrrStepCoverage(),
            new SatisfiableMatchers(),
            new ModelListingCheck(),
            new ModelFailoverPlacement(),
            new GrpcUpstreamCheck(),
            new TokenReaderOrdering());

    private static final String VALIDATION_FLAG = "insecure_options.skip_pipeline_validation";
    private static final String DEMOTED = " (an error, reported as a warning because " + VALIDATION_FLAG + " is set)";

    private final InsecureOptions options;

    public OrderingChecks(InsecureOptions options) {
        this.options = options;
    }

    /** Checks {@code graph}, adds every finding to {@code diagnostics}, and returns each check's verdict. */
    public PipelineReport run(FlowGraph graph, Diagnostics diagnostics) {
        Findings findings = new Findings(options);
        FAMILIES.forEach(family -> family.run(graph, findings));
        List<CheckResult> results = new ArrayList<>();
        for (OrderingRule check : OrderingRule.values()) {
            if (check.skipFlag() != null && options.skips(check.skipFlag())) {
                String flag = options.skipPipelineChecks().contains(check.skipFlag())
                        ? "insecure_options.skip_pipeline_checks." + check.yamlName() : VALIDATION_FLAG;
                results.add(new CheckResult(check, Verdict.SKIPPED, List.of(), flag));
                continue;
            }
            results.add(settle(check, findings.of(check), diagnostics, check.demotable()));
        }
        return new PipelineReport(graph, results, BindingReport.of(graph));
    }

    private CheckResult settle(OrderingRule check, List<Findings.Found> found, Diagnostics diagnostics,
            boolean demotable) {
        Set<Verdict> seen = EnumSet.noneOf(Verdict.class);
        List<Diagnostic> out = new ArrayList<>();
        for (Findings.Found f : found) {
            Diagnostic d;
            if (f.error() && demotable && options.skipPipelineValidation()) {
                d = new Diagnostic.Warning(f.at().path(), f.at().line(), f.message() + DEMOTED, f.scope());
                seen.add(Verdict.DEMOTED);
            } else if (f.error()) {
                d = new Diagnostic.Error(f.at().path(), f.at().line(), f.message(), f.scope());
                seen.add(Verdict.ERROR);
            } else {
                d = new Diagnostic.Warning(f.at().path(), f.at().line(), f.message(), f.scope());
                seen.add(Verdict.WARNING);
            }
            diagnostics.add(d);
            out.add(d);
        }
        Verdict verdict = seen.contains(Verdict.ERROR) ? Verdict.ERROR
                : seen.contains(Verdict.DEMOTED) ? Verdict.DEMOTED
                : seen.contains(Verdict.WARNING) ? Verdict.WARNING : Verdict.PASS;
        return new CheckResult(check, verdict, out, verdict == Verdict.DEMOTED ? VALIDATION_FLAG : null);
    }
}
