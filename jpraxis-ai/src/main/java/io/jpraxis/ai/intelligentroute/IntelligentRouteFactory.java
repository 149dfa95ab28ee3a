package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.PipelineCandidates;
import io.jpraxis.ai.candidate.SnapshotSource;
import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.CandidateSource;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.SessionAffinityConfig;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code intelligent_route} filters (see docs/reference/filters/intelligent_route.md#keys):
 * reads and checks every key, reporting every problem with its path, then builds the candidate
 * snapshot (static) or loads the overlay (cold start). Claim gates, skip paths and load signals are
 * refused as not implemented (see
 * docs/behaviour/config-loading.md#names-jpraxis-does-not-implement-yet).
 */
public final class IntelligentRouteFactory implements FilterFactory<IntelligentRouteFactory.Read> {
    /** The YAML type name. */
    public static final String TYPE = "intelligent_route";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(IntelligentRouteKeys.KEYS);
    }

    @Override
    public Optional<Read> read(MapReader options, FilterReadContext context) {
        String modelHeader = HeaderPolicy.MODEL_HEADER.read(options, "model_header",
                IntelligentRouteConfig.DEFAULT_MODEL_HEADER);
        SessionAffinityConfig affinity = SessionAffinityReader.read(options);
        String routeHeader = routeHeader(options, modelHeader, affinity);
        List<String> hopClusters = hopClusters(options);
        Optional<CandidateSource> source = CandidateSourceReader.read(options, routeHeader);
        if (!options.finishCleanly() || source.isEmpty() || modelHeader == null) {
            return Optional.empty();
        }
        IntelligentRouteConfig config = new IntelligentRouteConfig(modelHeader, routeHeader, source.get(), affinity,
                hopClusters);
        Optional<SnapshotSource> snapshots = SnapshotSources.open(config, options);
        if (snapshots.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Read(config, snapshots.get()));
    }

    /**
     * Selects a cluster, but lists none: like Praxis, a candidate cluster missing from the load
     * balancer is found at request time, not at load, since an overlay may name any cluster after
     * any reload. It names the models a {@code model_catalog} of its pipeline lists.
     */
    @Override
    public FilterDeclaration declare(Read read) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SELECTS_CLUSTER, FilterTrait.NAMES_MODELS))
                .withOwnedRequestHeaders(IntelligentRouteFilter.ownedHeaders(read.config()));
    }

    /** Also publishes its candidate source to the pipeline, for a {@code model_catalog} to list. */
    @Override
    public HttpFilter create(Read read, FilterBuildContext context) {
        context.pipelineExports().publish(PipelineCandidates.SOURCES, read.snapshots());
        SessionAffinityConfig affinity = read.config().sessionAffinity();
        SessionAffinity sessions = null;
        if (affinity.enabled()) {
            SharedAffinity shared = affinity.backend().shared() ? new SharedAffinity(context.services().stores()
                    .store(affinity.backend().url()), affinity.backend().namespace(), affinity.ttlSecs()) : null;
            sessions = new SessionAffinity(affinity, context.services().clock(), SessionAffinity.CAPACITY, shared);
        }
        return new IntelligentRouteFilter(read.config(), read.snapshots(), sessions, context.services().ids());
    }

    /** An entry as read: its config and the routing snapshots it was checked against (its overlay, read). */
    public record Read(IntelligentRouteConfig config, SnapshotSource snapshots) {
    }

    /**
     * {@link HeaderPolicy#ROUTE_HEADER}, and not a header this filter reads, which the entry strip
     * would remove or the pick overwrite (see docs/behaviour/routing-headers.md#the-route-header).
     */
    private static String routeHeader(MapReader options, String modelHeader, SessionAffinityConfig affinity) {
        String name = options.string("route_header").orElse(null);
        if (name == null) {
            return null;
        }
        ConfigPath path = options.path("route_header");
        int line = options.line("route_header");
        if (!HeaderPolicy.ROUTE_HEADER.check(name, path, line, options.diagnostics())) {
            return name;
        }
        String lower = HeaderMap.normalize(name);
        String model = modelHeader == null ? IntelligentRouteConfig.DEFAULT_MODEL_HEADER : modelHeader;
        if (lower.equals(HeaderMap.normalize(model))) {
            options.diagnostics().invalid(path, line, HeaderPolicy.quote(name),
                    "a header other than model_header (the filter would strip its own input)");
        } else if (affinity.enabled() && affinity.header() != null
                && lower.equals(HeaderMap.normalize(affinity.header()))) {
            options.diagnostics().invalid(path, line, HeaderPolicy.quote(name),
                    "a header other than session_affinity.header (the pick would overwrite the session key)");
        }
        return name;
    }

    /** Each 1 to 256 bytes, not blank, listed once. */
    private static List<String> hopClusters(MapReader options) {
        List<ConfigNode> items = options.list("provider_hop_clusters").orElse(List.of());
        List<String> out = new ArrayList<>(items.size());
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("provider_hop_clusters").index(i);
            int line = items.get(i).line();
            String name = Scalars.string(items.get(i), path, options.diagnostics()).orElse(null);
            if (name == null) {
                continue;
            }
            if (!ConfigStrings.isIdentifier(name)) {
                options.diagnostics().invalid(path, line, HeaderListReader.quote(name), ConfigStrings.IDENTIFIER);
            } else if (!seen.add(name)) {
                options.diagnostics().invalid(path, line, HeaderListReader.quote(name),
                        "each cluster once; it is listed earlier");
            } else {
                out.add(name);
            }
        }
        return out;
    }
}
