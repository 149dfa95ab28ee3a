package io.jpraxis.core.pipeline.check;

import io.jpraxis.config.diag.Diagnostic;
import java.util.List;

/**
 * One check's verdict for one pipeline and the diagnostics behind it, in the order found.
 *
 * @param flag for a {@link Verdict#SKIPPED} or {@link Verdict#DEMOTED} check, the insecure option
 *     responsible ({@code insecure_options.skip_pipeline_checks.lb_without_router}); else null
 */
public record CheckResult(OrderingRule check, Verdict verdict, List<Diagnostic> findings, String flag) {
    public CheckResult {
        findings = List.copyOf(findings);
    }
}
