package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.candidate.RoutingSnapshot;
import io.jpraxis.ai.candidate.Selection;
import io.jpraxis.ai.candidate.SnapshotSource;
import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.picker.EndpointSubset;
import io.jpraxis.core.picker.NoEligibleCandidate;
import io.jpraxis.core.runtime.IdGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code intelligent_route} (see docs/behaviour/intelligent-route.md#request-steps): picks the
 * candidate cluster that serves the requested model or MCP tool, from a static list or the control
 * plane's overlay, honouring session affinity and selection groups (see
 * docs/behaviour/intelligent-route.md#selection-order), and hands the pick to the load balancer as
 * {@code ctx.cluster}, to later filters as metadata, to a provider gateway as the hop headers, and
 * to a header-routing gateway as {@code route_header} (see
 * docs/behaviour/routing-headers.md#the-route-header).
 *
 * <p>The hop headers and the route header are owned (see
 * docs/behaviour/routing-headers.md#headers-a-filter-owns): the edge strips client copies before
 * the pipeline, and this filter strips them again on entry, every instance in any case, so a forged
 * value never reaches an upstream on any path.
 */
final class IntelligentRouteFilter implements AiApiFilter {
    private final IntelligentRouteConfig config;
    private final SnapshotSource snapshots;
    private final LookupExtractor lookups;
    private final SessionAffinity affinity;
    private final RouteOutputs outputs;
    private final Set<String> owned;

    IntelligentRouteFilter(IntelligentRouteConfig config, SnapshotSource snapshots, SessionAffinity affinity,
            IdGenerator hopIds) {
        this.config = config;
        this.snapshots = snapshots;
        this.lookups = new LookupExtractor(config.modelHeader());
        this.affinity = affinity;
        this.outputs = new RouteOutputs(config.routeHeader(), Set.copyOf(config.providerHopClusters()), hopIds);
        this.owned = ownedHeaders(config);
    }

    /** The hop headers and the route header, lower case: only this filter may set them. */
    static Set<String> ownedHeaders(IntelligentRouteConfig config) {
        List<String> names = new ArrayList<>(HeaderPolicy.PROVIDER_HOP);
        if (config.routeHeader() != null) {
            names.add(HeaderMap.normalize(config.routeHeader()));
        }
        return Set.copyOf(names);
    }

    @Override
    public String type() {
        return IntelligentRouteFactory.TYPE;
    }

    /** The config in YAML shape, for {@code dump} (the typed one is {@link #routeConfig()}). */
    @Override
    public Map<String, Object> config() {
        return ConfigDumpView.of(config);
    }

    /** The typed config this filter was built from. */
    IntelligentRouteConfig routeConfig() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        ctx.headers().removeIf(owned::contains);
        if (ctx.cluster() != null) {
            // An earlier filter chose: kept, no metadata, no route header of its own; a pick this
            // request already made (another entry, an earlier pass) keeps the headers it set.
            RouteDecision.restore(ctx);
            return FilterAction.CONTINUE;
        }
        RoutingSnapshot snapshot = snapshots.current(); // once: the whole request sees one snapshot
        return switch (lookups.extract(ctx)) {
            case Lookup.Skip skip -> FilterAction.CONTINUE;
            case Lookup.Invalid invalid -> FilterAction.reject(400, invalid.reason());
            case Lookup.Found found -> route(ctx, snapshot, found);
        };
    }

    private FilterAction route(RequestContext ctx, RoutingSnapshot snapshot, Lookup.Found lookup) {
        EndpointSubset subset = ctx.extensions().get(EndpointSubset.KEY).orElse(null);
        AffinityOutcome outcome = affinity == null ? null
                : affinity.resolve(ctx, lookup.kind(), lookup.name(), snapshot::find);
        if (outcome instanceof AffinityOutcome.Reused reused) {
            if (subset == null || subset.allows(reused.candidate().cluster())) {
                return remember(ctx, snapshot, lookup, subset, reused.candidate(),
                        outputs.apply(ctx, snapshot, reused.candidate(), null, Session.REUSED));
            }
            outcome = null; // the edge's subset excludes the bound one: a fresh pick, the binding kept
        }
        Optional<Selection> selection = snapshot.select(lookup.kind(), lookup.name(), subset);
        if (selection.isEmpty()) {
            String kind = lookup.kind() == CandidateKind.MCP_TOOL ? "tool" : "model";
            ctx.extensions().put(NoEligibleCandidate.KEY, new NoEligibleCandidate(kind, lookup.name()));
            return FilterAction.reject(404, "no eligible candidate for the requested " + kind);
        }
        Candidate picked = selection.get().candidate();
        FilterAction applied = outputs.apply(ctx, snapshot, picked, selection.get(), session(outcome));
        if (applied instanceof FilterAction.Continue) {
            bind(outcome, picked);
        }
        return remember(ctx, snapshot, lookup, subset, picked, applied);
    }

    /** Leaves the pick for a {@code model_failover} after this filter ({@link RoutePick}); returns {@code applied}. */
    private FilterAction remember(RequestContext ctx, RoutingSnapshot snapshot, Lookup.Found lookup,
            EndpointSubset subset, Candidate picked, FilterAction applied) {
        if (applied instanceof FilterAction.Continue) {
            ctx.extensions().put(RoutePick.KEY,
                    new RoutePick(snapshot, lookup.kind(), lookup.name(), subset, outputs, owned, picked));
        }
        return applied;
    }

    private void bind(AffinityOutcome outcome, Candidate picked) {
        switch (outcome) {
            case null -> { }
            case AffinityOutcome.NoKey none -> { }
            case AffinityOutcome.Fresh fresh -> affinity.bind(fresh.key(), picked);
            case AffinityOutcome.Failover failover -> affinity.bind(failover.key(), picked);
            case AffinityOutcome.Reused reused -> { } // unreachable: a reuse returns before selection
        }
    }

    /**
     * The session flags of a fresh pick (see docs/behaviour/intelligent-route.md#session-affinity);
     * null when affinity is off.
     */
    private static Session session(AffinityOutcome outcome) {
        return switch (outcome) {
            case null -> null;
            case AffinityOutcome.NoKey none -> Session.UNBOUND;
            // Bound even when the table turns out full and the store is skipped, as in Praxis.
            case AffinityOutcome.Fresh fresh -> Session.BOUND;
            case AffinityOutcome.Failover failover -> Session.FAILED_OVER;
            case AffinityOutcome.Reused reused -> Session.REUSED;
        };
    }

    /** Starts the overlay watcher, if reload is on: not while the config is only read or validated. */
    @Override
    public void start() {
        snapshots.start();
    }

    /** Releases the overlay watcher, if any, when this config is retired. */
    @Override
    public void close() {
        snapshots.close();
    }

    /** The {@code session.*} metadata of a pick. */
    enum Session {
        UNBOUND(false, false, false),
        BOUND(true, false, false),
        FAILED_OVER(true, false, true),
        REUSED(true, true, false);

        final boolean bound;
        final boolean reused;
        final boolean failover;

        Session(boolean bound, boolean reused, boolean failover) {
            this.bound = bound;
            this.reused = reused;
            this.failover = failover;
        }
    }
}
