package io.jpraxis.core.pipeline;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterStates;
import java.util.List;

/**
 * What a factory may use to create a runtime filter ({@link FilterFactory#create}): the read
 * context's settings, the injected clock, random source and id generator, and the shared live
 * state of clusters. Nothing here opens sockets.
 *
 * @param clusterStates where filters get the shared live state of the clusters they declare
 * @param exports what filters of the pipeline being built publish for each other ({@link #pipelineExports})
 */
public record FilterBuildContext(FilterReadContext readContext, RuntimeServices services, ClusterStates clusterStates,
        PipelineExports.Scopes exports) {

    /** A context whose filters all share one set of exports (a single pipeline, tests). */
    public FilterBuildContext(FilterReadContext readContext, RuntimeServices services, ClusterStates clusterStates) {
        this(readContext, services, clusterStates, new PipelineExports.Scopes());
    }

    /** A context outside a pipeline build: nested pipelines cannot be compiled. */
    public FilterBuildContext(FeatureSet features, InsecureOptions insecureOptions, BodyLimits bodyLimits,
            List<ClusterConfig> topLevelClusters, RuntimeServices services, ClusterStates clusterStates) {
        this(new FilterReadContext(features, insecureOptions, bodyLimits, topLevelClusters), services, clusterStates);
    }

    /** The exports of the listener pipeline whose filters are being created now. */
    public PipelineExports pipelineExports() {
        return exports.current();
    }

    public FeatureSet features() {
        return readContext.features();
    }

    public InsecureOptions insecureOptions() {
        return readContext.insecureOptions();
    }
}
