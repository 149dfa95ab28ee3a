package io.jpraxis.core.pipeline;


/**
 * A named nested pipeline of a filter (an {@code iterative_request_router} step, or a callout's
 * outbound chain): for {@code explain}, and, for the steps that read the logical binding, for the
 * parent's binding checks (every cluster that can reach the filter must be served by each such
 * step; see docs/behaviour/binding.md#binding-rules; R9).
 *
 * @param kind what it is; an outbound chain has its own catalog, so the parent's binding checks leave it out
 */
public record NestedStep(String name, CompiledPipeline pipeline, Kind kind) {

    /** An {@code iterative_request_router} step. */
    public NestedStep(String name, CompiledPipeline pipeline) {
        this(name, pipeline, Kind.STEP);
    }

    /** What a nested pipeline is to its parent. */
    public enum Kind {
        /** A step that runs under the parent's binding and folds its clusters into the parent's catalog. */
        STEP,
        /**
         * An outbound chain (see docs/behaviour/outbound-chains.md#outbound-chains): a separate
         * request, unbound, with its own catalog.
         */
        OUTBOUND_CHAIN
    }
}
