package io.jpraxis.core.pipeline;

/**
 * Where a branch resumes once its sub-chain ran (see docs/behaviour/branches.md#branch-chains,
 * docs/behaviour/branches.md#skip-and-re-enter), resolved against the entries of the level it is
 * attached to: the flattened pipeline for a top-level host, the host's own sub-chain for a nested
 * one (where jumps are discarded at runtime; see docs/behaviour/branches.md#how-branches-run).
 */
public sealed interface Rejoin permits Rejoin.Next, Rejoin.Terminal, Rejoin.SkipTo, Rejoin.ReEnter {

    Next NEXT = new Next();
    Terminal TERMINAL = new Terminal();

    /** Try the next sibling branch, then go on with the filter after the host. */
    record Next() implements Rejoin {
    }

    /** Stop the pipeline: forward when a cluster is chosen, else 500. */
    record Terminal() implements Rejoin {
    }

    /** Jump forward to {@code target}; the filters in between do not run. */
    record SkipTo(int target) implements Rejoin {
    }

    /** Jump back to {@code target} (the host itself or earlier), bounded by the branch's max_iterations. */
    record ReEnter(int target) implements Rejoin {
    }
}
