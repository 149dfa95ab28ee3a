package io.jpraxis.core.pipeline.check;

import java.util.List;

/**
 * What the ordering checks learned about one listener's pipeline: its control-flow graph and each
 * check's verdict, for {@code jpraxis explain}. Later checks (binding) add their facts here.
 */
public record PipelineReport(FlowGraph graph, List<CheckResult> results) {
    public PipelineReport {
        results = List.copyOf(results);
    }

    public String listener() {
        return graph.listener();
    }

    /** The verdict of {@code check}; every check has one. */
    public CheckResult result(OrderingCheck check) {
        for (CheckResult r : results) {
            if (r.check() == check) {
                return r;
            }
        }
        throw new IllegalArgumentException("no result for " + check);
    }
}
