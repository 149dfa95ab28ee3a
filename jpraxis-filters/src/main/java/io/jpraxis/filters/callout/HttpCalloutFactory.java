package io.jpraxis.filters.callout;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.NestedStep;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code http_callout} filters (feature {@code chain-binding}): reads the entry's own keys
 * and builds its {@code outbound_chain} once, through the build's nested pipelines (see
 * docs/behaviour/outbound-chains.md#outbound-chains).
 */
public final class HttpCalloutFactory implements FilterFactory<HttpCalloutFactory.Read> {
    /** The YAML type name. */
    public static final String TYPE = "http_callout";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(HttpCalloutKeys.KEYS);
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
    public Optional<Read> read(MapReader options, FilterReadContext context) {
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
        return chain.map(p -> new Read(config.get(), name, p));
    }

    /**
     * Headers set from the callout's answer are owned: a client's copy is stripped at ingress, so an
     * allowed request carries only what the service said. Its outbound chain is a nested pipeline.
     * It is security-class (decision 21): it decides who gets in, so it must run and fail closed.
     */
    @Override
    public FilterDeclaration declare(Read read) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY))
                .withOwnedRequestHeaders(Set.copyOf(read.config().upstreamHeaders()))
                .withNested(FilterDeclaration.Nested.of(
                        List.of(new NestedStep(read.chainName(), read.chain(), NestedStep.Kind.OUTBOUND_CHAIN))));
    }

    @Override
    public HttpFilter create(Read read, FilterBuildContext context) {
        return new HttpCalloutFilter(read.config(), read.chain(), context.services().clock());
    }

    /** A callout entry as read: its config and its outbound chain, compiled. */
    public record Read(HttpCalloutConfig config, String chainName, CompiledPipeline chain) {
    }
}
