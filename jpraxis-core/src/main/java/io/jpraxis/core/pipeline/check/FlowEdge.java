package io.jpraxis.core.pipeline.check;

/**
 * One edge of the top-level control-flow graph (see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph): from a top-level filter to another, or
 * to the end of the pipeline ({@link FlowGraph#end()}).
 *
 * @param branch the branch that takes the edge, null for a fall-through
 * @param maxIterations for a re-entrance, how often the branch may fire per request; else 0
 */
public record FlowEdge(int from, int to, Kind kind, String branch, int maxIterations) {

    /** How control moves along the edge. */
    public enum Kind {
        /** The filter ran (or was skipped) and the next one follows. */
        FALL_THROUGH,
        /**
         * A top-level branch skips forward to a named entry (see
         * docs/behaviour/branches.md#skip-and-re-enter).
         */
        SKIP_TO,
        /** A top-level branch goes back to a named entry, at most {@code maxIterations} times. */
        RE_ENTER,
        /** A branch with {@code rejoin: terminal} ends the pipeline: forward what was chosen, else 500. */
        TERMINAL
    }

    static FlowEdge fallThrough(int from, int to) {
        return new FlowEdge(from, to, Kind.FALL_THROUGH, null, 0);
    }
}
