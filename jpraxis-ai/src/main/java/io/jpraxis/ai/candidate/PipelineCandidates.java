package io.jpraxis.ai.candidate;

import io.jpraxis.core.pipeline.PipelineExports;

/**
 * The pipeline export under which each {@code intelligent_route} publishes its candidate source,
 * for {@code model_catalog} to list the models it names (see
 * docs/reference/filters/model_catalog.md#what-it-does).
 */
public final class PipelineCandidates {
    /** Each intelligent_route's snapshot source, in pipeline order. */
    public static final PipelineExports.Key<SnapshotSource> SOURCES = new PipelineExports.Key<>(
            "intelligent_route candidate sources", SnapshotSource.class);

    private PipelineCandidates() {
    }
}
