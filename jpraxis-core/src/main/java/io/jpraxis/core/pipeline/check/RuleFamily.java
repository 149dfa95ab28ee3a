package io.jpraxis.core.pipeline.check;

import java.util.Set;

/** A family of related ordering checks, run over one pipeline's graph. */
interface RuleFamily {

    /** The checks whose findings it reports. */
    Set<OrderingRule> checks();

    /** Reports every finding of its checks; the runner drops those of skipped checks. */
    void run(FlowGraph graph, Findings findings);
}
