package io.jpraxis.core.pipeline.check;

import io.jpraxis.config.diag.Diagnostic;
import java.util.List;

/** One check's verdict for one pipeline and the diagnostics behind it, in the order found. */
public record CheckResult(OrderingCheck check, Verdict verdict, List<Diagnostic> findings) {
    public CheckResult {
        findings = List.copyOf(findings);
    }
}
