package io.jpraxis.core.filter;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterStates;
import java.util.List;

/**
 * What a factory may consult while building: process-wide settings and the injected clock,
 * random source and id generator. Nothing here opens sockets.
 *
 * @param topLevelClusters the config's standalone {@code clusters[]}
 * @param clusterStates where filters get the shared live state of the clusters they declare
 */
public record FilterBuildContext(
        FeatureSet features,
        InsecureOptions insecureOptions,
        BodyLimits bodyLimits,
        List<ClusterConfig> topLevelClusters,
        RuntimeServices services,
        ClusterStates clusterStates) {

    public FilterBuildContext {
        topLevelClusters = List.copyOf(topLevelClusters);
    }
}
