package io.jpraxis.server.explain;

import io.jpraxis.core.pipeline.check.PipelineReport;
import java.util.ArrayList;
import java.util.List;

/** The text form of {@code explain}: per listener, its sections in order. */
public final class ExplainText {
    private static final List<ExplainSection> SECTIONS =
            List.of(new FiltersSection(), new EdgesSection(), new BindingSection(), new ChecksSection());

    private ExplainText() {
    }

    /** Every listener's explanation, separated by blank lines. */
    public static String render(List<PipelineReport> reports) {
        List<String> lines = new ArrayList<>();
        for (PipelineReport report : reports) {
            if (!lines.isEmpty()) {
                lines.add("");
            }
            int n = report.graph().size();
            lines.add("listener " + report.listener() + ": " + n + (n == 1 ? " top-level filter" : " top-level filters"));
            SECTIONS.forEach(section -> section.write(report, lines));
        }
        return String.join("\n", lines) + "\n";
    }
}
