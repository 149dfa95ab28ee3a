package io.jpraxis.core.circuit;

/** What one exchange says about its circuit; its owner decides which outcomes are failures. */
public enum CircuitVerdict {
    SUCCESS,
    FAILURE,
    /** The exchange never reached the upstream: no outcome. */
    NONE
}
