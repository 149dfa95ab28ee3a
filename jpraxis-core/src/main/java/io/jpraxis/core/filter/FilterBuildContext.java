package io.jpraxis.core.filter;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ChainRef;
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
 * @param nested builds nested pipelines (IRR steps, outbound chains) inside the running build
 * @param outboundChain the {@code outbound_chain} of the entry being built, for a factory that
 *     {@linkplain FilterFactory#bindsChain() binds one} (null otherwise); build it with
 *     {@link NestedPipelines#bindChain}
 */
public record FilterBuildContext(
        FeatureSet features,
        InsecureOptions insecureOptions,
        BodyLimits bodyLimits,
        List<ClusterConfig> topLevelClusters,
        RuntimeServices services,
        ClusterStates clusterStates,
        NestedPipelines nested,
        ChainRef outboundChain) {

    public FilterBuildContext {
        topLevelClusters = List.copyOf(topLevelClusters);
    }

    /** A context outside a pipeline build: nested pipelines cannot be built ({@link NestedPipelines#UNAVAILABLE}). */
    public FilterBuildContext(FeatureSet features, InsecureOptions insecureOptions, BodyLimits bodyLimits,
            List<ClusterConfig> topLevelClusters, RuntimeServices services, ClusterStates clusterStates) {
        this(features, insecureOptions, bodyLimits, topLevelClusters, services, clusterStates,
                NestedPipelines.UNAVAILABLE, null);
    }

    /** A context of a pipeline build, for entries without an {@code outbound_chain}. */
    public FilterBuildContext(FeatureSet features, InsecureOptions insecureOptions, BodyLimits bodyLimits,
            List<ClusterConfig> topLevelClusters, RuntimeServices services, ClusterStates clusterStates,
            NestedPipelines nested) {
        this(features, insecureOptions, bodyLimits, topLevelClusters, services, clusterStates, nested, null);
    }

    /** The same context building nested pipelines with {@code builder}. */
    public FilterBuildContext withNested(NestedPipelines builder) {
        return new FilterBuildContext(features, insecureOptions, bodyLimits, topLevelClusters, services, clusterStates,
                builder, outboundChain);
    }

    /** The same context for an entry whose {@code outbound_chain} is {@code chain} (null for none). */
    public FilterBuildContext withOutboundChain(ChainRef chain) {
        return new FilterBuildContext(features, insecureOptions, bodyLimits, topLevelClusters, services, clusterStates,
                nested, chain);
    }
}
