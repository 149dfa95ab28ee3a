package io.jpraxis.core.pipeline;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.model.RuntimeConfig;
import java.util.List;

/**
 * What a factory may consult while reading and validating an entry ({@link FilterFactory#read}):
 * process-wide settings only. No cluster state, clock or socket: {@code validate} runs this step alone.
 *
 * @param topLevelClusters the config's standalone {@code clusters[]}
 * @param nested compiles nested pipelines (IRR steps, outbound chains) inside the running build
 * @param outboundChain the {@code outbound_chain} of the entry being read, for a factory that
 *     {@linkplain FilterFactory#bindsChain() binds one} (null otherwise); compile it with
 *     {@link NestedPipelines#bindChain}
 * @param runtime the config's {@code runtime} settings ({@link RuntimeConfig#DEFAULT} when it has none)
 */
public record FilterReadContext(
        FeatureSet features,
        InsecureOptions insecureOptions,
        BodyLimits bodyLimits,
        List<ClusterConfig> topLevelClusters,
        NestedPipelines nested,
        ChainRef outboundChain,
        RuntimeConfig runtime) {

    public FilterReadContext {
        topLevelClusters = List.copyOf(topLevelClusters);
        runtime = runtime == null ? RuntimeConfig.DEFAULT : runtime;
    }

    /** A context outside a pipeline build: nested pipelines cannot be compiled ({@link NestedPipelines#UNAVAILABLE}). */
    public FilterReadContext(FeatureSet features, InsecureOptions insecureOptions, BodyLimits bodyLimits,
            List<ClusterConfig> topLevelClusters) {
        this(features, insecureOptions, bodyLimits, topLevelClusters, NestedPipelines.UNAVAILABLE, null, null);
    }

    /** The same context compiling nested pipelines with {@code builder}. */
    public FilterReadContext withNested(NestedPipelines builder) {
        return new FilterReadContext(features, insecureOptions, bodyLimits, topLevelClusters, builder, outboundChain,
                runtime);
    }

    /** The same context for an entry whose {@code outbound_chain} is {@code chain} (null for none). */
    public FilterReadContext withOutboundChain(ChainRef chain) {
        return new FilterReadContext(features, insecureOptions, bodyLimits, topLevelClusters, nested, chain, runtime);
    }
}
