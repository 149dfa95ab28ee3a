package io.jpraxis.core.pipeline.check;

import io.jpraxis.core.pipeline.BranchSpec;

/**
 * Why no request falls through from an unconditional top-level filter to the next one (see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph): it always answers, or one of its
 * branches always fires and leaves.
 */
public sealed interface FallThroughCut permits FallThroughCut.Answers, FallThroughCut.LeavingBranch {

    /** The filter answers every request it sees (static_response, redirect). */
    record Answers() implements FallThroughCut {
    }

    /** An unconditional branch that rejoins {@code terminal} or skips forward. */
    record LeavingBranch(BranchSpec branch) implements FallThroughCut {
    }
}
