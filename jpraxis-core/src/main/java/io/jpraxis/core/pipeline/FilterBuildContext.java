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
 */
public record FilterBuildContext(FilterReadContext readContext, RuntimeServices services, ClusterStates clusterStates) {

    /** A context outside a pipeline build: nested pipelines cannot be compiled. */
    public FilterBuildContext(FeatureSet features, InsecureOptions insecureOptions, BodyLimits bodyLimits,
            List<ClusterConfig> topLevelClusters, RuntimeServices services, ClusterStates clusterStates) {
        this(new FilterReadContext(features, insecureOptions, bodyLimits, topLevelClusters), services, clusterStates);
    }

    public FeatureSet features() {
        return readContext.features();
    }

    public InsecureOptions insecureOptions() {
        return readContext.insecureOptions();
    }
}
