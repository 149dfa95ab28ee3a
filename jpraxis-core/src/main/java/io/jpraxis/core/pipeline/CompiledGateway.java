package io.jpraxis.core.pipeline;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.core.upstream.ClusterStates;
import java.util.List;

/**
 * A validated, compiled config: one pipeline per listener, ready for an edge to serve.
 *
 * @param clusters the live state of every declared cluster (health, in-flight counts); null from a
 *     build that only checks ({@code PipelineCompiler.validate} in {@code core.pipeline.compile})
 */
public record CompiledGateway(GatewayConfig config, FeatureSet features, List<Listener> listeners,
        ClusterStates clusters) {

    public CompiledGateway {
        listeners = List.copyOf(listeners);
    }

    /** Starts every pipeline's filters. */
    public void start() {
        listeners.forEach(l -> l.pipeline().start());
    }

    /** Closes every pipeline's filters. */
    public void close() {
        listeners.forEach(l -> l.pipeline().close());
    }

    /** A listener's settings and its compiled pipeline. */
    public record Listener(ListenerConfig config, CompiledPipeline pipeline) {
    }
}
