package io.jpraxis.core.pipeline.check;

import java.util.List;

/**
 * What the ordering checks learned about one listener's pipeline: its control-flow graph, each
 * check's verdict and the logical binding's facts, for {@code jpraxis explain}.
 */
public record PipelineReport(FlowGraph graph, List<CheckResult> results, BindingReport binding) {
    public PipelineReport {
        results = List.copyOf(results);
    }

    public String listener() {
        return graph.listener();
    }

    /** The verdict of {@code check}; every check has one. */
    public CheckResult result(OrderingRule check) {
        for (CheckResult r : results) {
            if (r.check() == check) {
                return r;
            }
        }
        throw new IllegalArgumentException("no result for " + check);
    }
}
