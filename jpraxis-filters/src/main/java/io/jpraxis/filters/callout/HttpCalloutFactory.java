package io.jpraxis.filters.callout;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterBuildContext;
import io.jpraxis.core.filter.FilterFactory;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import java.util.Optional;

/**
 * Builds {@code http_callout} filters (feature {@code chain-binding}): reads the entry's own keys
 * and builds its {@code outbound_chain} once, through the build's nested pipelines (spec 5.11).
 */
public final class HttpCalloutFactory implements FilterFactory {
    /** The YAML type name. */
    public static final String TYPE = "http_callout";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Feature requiredFeature() {
        return Feature.CHAIN_BINDING;
    }

    @Override
    public boolean bindsChain() {
        return true;
    }

    @Override
    public Optional<HttpFilter> create(MapReader options, FilterBuildContext context) {
        ChainRef ref = context.outboundChain();
        if (ref == null) {
            options.diagnostics().error(options.path().key("outbound_chain"), options.line(),
                    "missing (expected: the chain the callout is sent through, a chain name or an inline chain "
                            + "{name, filters}; this key is required)");
        }
        Optional<HttpCalloutConfig> config = HttpCalloutReader.read(options);
        if (ref == null || config.isEmpty()) {
            return Optional.empty();
        }
        Optional<CompiledPipeline> chain = context.nested().bindChain(ref, options.diagnostics());
        String name = switch (ref) {
            case ChainRef.Named n -> n.chain();
            case ChainRef.Inline i -> i.name();
        };
        return chain.map(p -> new HttpCalloutFilter(config.get(), name, p, context.services().clock()));
    }
}
