package io.jpraxis.server.explain;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.core.pipeline.check.CheckResult;
import io.jpraxis.core.pipeline.check.PipelineReport;
import java.util.List;
import java.util.Locale;

/**
 * Each ordering check (see docs/behaviour/ordering-checks.md#the-ordering-checks) with its verdict:
 * pass, error, warning, demoted (an error {@code skip_pipeline_validation} turned into a warning)
 * or skipped by its flag, and the diagnostics behind it.
 */
final class ChecksSection implements ExplainSection {

    @Override
    public void write(PipelineReport report, List<String> lines) {
        lines.add("  checks:");
        for (CheckResult r : report.results()) {
            String verdict = r.verdict().name().toLowerCase(Locale.ROOT);
            String flag = r.flag() == null ? "" : " (by " + r.flag() + ")";
            lines.add("    " + pad(verdict) + r.check().yamlName() + flag + (r.check().warningOnly()
                    ? "  [warning only]" : ""));
            for (Diagnostic d : r.findings()) {
                lines.add("        " + d.render());
            }
        }
    }

    private static String pad(String verdict) {
        return verdict + " ".repeat(Math.max(1, 9 - verdict.length()));
    }
}
