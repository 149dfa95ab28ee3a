package io.jpraxis.server.explain;

import io.jpraxis.core.pipeline.check.PipelineReport;
import java.util.List;

/**
 * One part of a listener's text explanation. Sections are independent, so later facts (the
 * logical binding's router, catalog and consumers) come as sections of their own.
 */
interface ExplainSection {

    /** Appends this section's lines for {@code report}, indented under the listener. */
    void write(PipelineReport report, List<String> lines);
}
