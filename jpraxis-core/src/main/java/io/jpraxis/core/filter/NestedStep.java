package io.jpraxis.core.filter;

import io.jpraxis.core.pipeline.CompiledPipeline;

/**
 * A named nested pipeline of a filter (an {@code iterative_request_router} step): for
 * {@code explain}, and, for the steps that read the logical binding, for the parent's binding
 * checks (every cluster that can reach the filter must be served by each such step, spec 6.9, R9).
 */
public record NestedStep(String name, CompiledPipeline pipeline) {
}
