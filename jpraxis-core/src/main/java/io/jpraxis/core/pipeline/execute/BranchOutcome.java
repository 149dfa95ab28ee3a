package io.jpraxis.core.pipeline.execute;

/**
 * What evaluating one host's branches decided (see docs/behaviour/branches.md#how-branches-run,
 * docs/behaviour/request-lifecycle.md#the-request-phase). Handled with an exhaustive {@code
 * switch}, so a new variant breaks every site that must handle it.
 */
public sealed interface BranchOutcome permits BranchOutcome.Continue, BranchOutcome.SkipTo,
        BranchOutcome.ReEnter, BranchOutcome.Terminal, BranchOutcome.Stop {

    Continue CONTINUE = new Continue();
    Terminal TERMINAL = new Terminal();

    /** No branch moved the pipeline: go on after the host. */
    record Continue() implements BranchOutcome {
    }

    /** Jump forward to the top-level index {@code target}. */
    record SkipTo(int target) implements BranchOutcome {
    }

    /** Jump back to the top-level index {@code target}. */
    record ReEnter(int target) implements BranchOutcome {
    }

    /** A terminal branch ran without producing a response. */
    record Terminal() implements BranchOutcome {
    }

    /** A branch filter answered or refused the request: that is the request's outcome. */
    record Stop(RequestOutcome outcome) implements BranchOutcome {
    }
}
