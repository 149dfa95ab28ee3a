package io.jpraxis.ai.providerroute;

import io.jpraxis.ai.candidate.HeaderText;
import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.ai.providerroute.ProviderRouteConfig.Route;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code provider_route} filters (see docs/reference/filters/provider_route.md#keys): reads
 * and checks every key, reporting every problem with its path. Where it may stand (mutual TLS, top
 * level, after a leading {@code peer_identity_trust}) is the provider boundary check's (see
 * docs/behaviour/ordering-checks.md#the-provider-boundary), which its traits ask for.
 */
public final class ProviderRouteFactory implements FilterFactory<ProviderRouteConfig> {
    /** The YAML type name. */
    public static final String TYPE = "provider_route";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(ProviderRouteKeys.KEYS);
    }

    @Override
    public Optional<ProviderRouteConfig> read(MapReader options, FilterReadContext context) {
        String providerId = providerId(options);
        String modelHeader = HeaderPolicy.MODEL_HEADER.read(options, "model_header",
                ProviderRouteConfig.DEFAULT_MODEL_HEADER);
        Optional<List<Route>> routes = ProviderRouteReader.read(options);
        boolean demo = options.bool("emit_demo_attribution", false);
        if (!options.finishCleanly() || providerId == null || modelHeader == null || routes.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ProviderRouteConfig(providerId, modelHeader, routes.get(), demo));
    }

    /**
     * A security-class cluster selector (see
     * docs/behaviour/ordering-checks.md#security-class-filters) that consumes the provider hop, so
     * the boundary check holds it; its clusters are listed, so a load balancer must serve them. It
     * owns the provider headers it writes: client copies are stripped at ingress. The hop headers
     * it reads are not owned, or ingress would strip them before it reads them.
     */
    @Override
    public FilterDeclaration declare(ProviderRouteConfig config) {
        List<String> clusters = config.routes().stream().map(Route::cluster).distinct().toList();
        return FilterDeclaration.NONE
                .withTraits(Set.of(FilterTrait.SECURITY, FilterTrait.SELECTS_CLUSTER,
                        FilterTrait.CONSUMES_PROVIDER_HOP))
                .withClusters(new FilterDeclaration.Clusters(Map.of(), clusters, List.of()))
                .withOwnedRequestHeaders(Set.copyOf(ProviderRouteFilter.PROVIDER_HEADERS))
                .withResponseHook(config.emitDemoAttribution());
    }

    @Override
    public HttpFilter create(ProviderRouteConfig config, FilterBuildContext context) {
        return new ProviderRouteFilter(config);
    }

    /** 1 to 256 bytes, not blank, and sendable as a header value unchanged. */
    private static String providerId(MapReader options) {
        String value = ProviderRouteReader.requiredIdentifier(options, "provider_id");
        if (value != null && !HeaderText.isRouteHeaderValue(value)) {
            options.diagnostics().invalid(options.path("provider_id"), options.line("provider_id"),
                    HeaderListReader.quote(value), "a legal header value: " + HeaderPolicy.VALUE_EXPECTATION
                    + " (it is sent as x-ai-provider-attribution)");
            return null;
        }
        return value;
    }

}
