package io.jpraxis.core.filter;

import io.jpraxis.core.pipeline.CompiledPipeline;

/**
 * A nested step pipeline of a filter ({@code iterative_request_router}) that reads the logical
 * binding, for the parent's binding checks: every cluster that can reach the filter must be served
 * by each such step (spec 6.9, R9).
 */
public record NestedStep(String name, CompiledPipeline pipeline) {
}
