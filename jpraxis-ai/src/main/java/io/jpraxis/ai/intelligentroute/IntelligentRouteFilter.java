package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.candidate.RoutingSnapshot;
import io.jpraxis.ai.candidate.Selection;
import io.jpraxis.ai.candidate.SnapshotSource;
import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterGauge;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.picker.EndpointSubset;
import io.jpraxis.core.picker.NoEligibleCandidate;
import io.jpraxis.core.runtime.IdGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
    private final LongAdder storeErrors = new LongAdder();
    /** Built once: the registry holds a counter's supplier weakly. */
    private final List<FilterGauge> gauges;
    private static final Extensions.Key<PendingBind> PENDING = new Extensions.Key<>("intelligent_route.pending_bind",
            PendingBind.class);
    private static final FilterAction STORE_DOWN = FilterAction.reject(503, "session affinity store unavailable");
    private static final Logger log = LoggerFactory.getLogger(IntelligentRouteFilter.class);

    IntelligentRouteFilter(IntelligentRouteConfig config, SnapshotSource snapshots, SessionAffinity affinity,
            IdGenerator hopIds) {
        this.config = config;
        this.snapshots = snapshots;
        this.lookups = new LookupExtractor(config.modelHeader());
        this.affinity = affinity;
        this.outputs = new RouteOutputs(config.routeHeader(), Set.copyOf(config.providerHopClusters()), hopIds);
        this.owned = ownedHeaders(config);
        this.gauges = affinity == null || affinity.shared() == null ? List.of()
                : List.of(FilterGauge.counter("jpraxis.intelligent_route.affinity.store.errors", "Session affinity "
                        + "store calls that failed", Map.of("store", affinity.shared().store().describe()),
                        storeErrors::sum));
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

    /** With bindings in a shared store, the lookup (and the bind of a fresh pick) is a store call. */
    @Override
    public boolean isAsync() {
        return affinity != null && affinity.shared() != null;
    }

    @Override
    public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
        ctx.headers().removeIf(owned::contains);
        if (ctx.cluster() != null) {
            RouteDecision.restore(ctx);
            return CompletableFuture.completedFuture(FilterAction.CONTINUE);
        }
        RoutingSnapshot snapshot = snapshots.current();
        return switch (lookups.extract(ctx)) {
            case Lookup.Skip skip -> CompletableFuture.completedFuture(FilterAction.CONTINUE);
            case Lookup.Invalid invalid -> CompletableFuture.completedFuture(FilterAction.reject(400, invalid.reason()));
            case Lookup.Found found -> routeShared(ctx, snapshot, found);
        };
    }

    /** The shared-store path (see docs/behaviour/shared-state.md#session-affinity). */
    private CompletionStage<FilterAction> routeShared(RequestContext ctx, RoutingSnapshot snapshot, Lookup.Found lookup) {
        String key = affinity.key(ctx.headers());
        if (key == null) {
            return CompletableFuture.completedFuture(route(ctx, snapshot, lookup, AffinityOutcome.NO_KEY));
        }
        SharedAffinity store = affinity.shared();
        return store.lookup(key).handle((stableId, error) -> {
            if (error == null) {
                return route(ctx, snapshot, lookup, affinity.outcome(key, stableId, lookup.kind(), lookup.name(),
                        snapshot::find));
            }
            storeErrors.increment();
            if (!affinity.failOpen()) {
                log.warn("intelligent_route: affinity store {} failed ({}); refusing request {} with 503",
                        store.store().describe(), error.getMessage(), ctx.requestId());
                return STORE_DOWN;
            }
            log.warn("intelligent_route: affinity store {} failed ({}); routing request {} without affinity "
                    + "(on_backend_error: open)", store.store().describe(), error.getMessage(), ctx.requestId());
            return route(ctx, snapshot, lookup, null);
        }).thenCompose(action -> bindShared(ctx, action));
    }

    /** A fresh pick (or a failover) is bound before the request goes on, so the next request finds it on any replica. */
    private CompletionStage<FilterAction> bindShared(RequestContext ctx, FilterAction action) {
        PendingBind pending = ctx.extensions().get(PENDING).orElse(null);
        if (pending == null || !(action instanceof FilterAction.Continue)) {
            return CompletableFuture.completedFuture(action);
        }
        ctx.extensions().remove(PENDING);
        return affinity.shared().bind(pending.key(), pending.stableId()).handle((done, error) -> {
            if (error != null) {
                storeErrors.increment(); // the pick stands; only the session's stickiness is lost
                log.warn("intelligent_route: affinity store {} failed to bind a session ({}); request {} goes on",
                        affinity.shared().store().describe(), error.getMessage(), ctx.requestId());
            }
            return action;
        });
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
        return route(ctx, snapshot, lookup, affinity == null ? null
                : affinity.resolve(ctx, lookup.kind(), lookup.name(), snapshot::find));
    }

    /** @param outcome what affinity said, or null when it is off (or its store failed open) */
    private FilterAction route(RequestContext ctx, RoutingSnapshot snapshot, Lookup.Found lookup,
            AffinityOutcome outcome) {
        EndpointSubset subset = ctx.extensions().get(EndpointSubset.KEY).orElse(null);
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
            if (affinity != null && affinity.shared() != null) {
                rememberBind(ctx, outcome, picked);
            } else {
                bind(outcome, picked);
            }
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

    /** For the shared store: what to bind once the pick is made ({@link #bindShared}). */
    private static void rememberBind(RequestContext ctx, AffinityOutcome outcome, Candidate picked) {
        if (outcome instanceof AffinityOutcome.Fresh fresh) {
            ctx.extensions().put(PENDING, new PendingBind(fresh.key(), picked.stableId()));
        } else if (outcome instanceof AffinityOutcome.Failover failover) {
            ctx.extensions().put(PENDING, new PendingBind(failover.key(), picked.stableId()));
        }
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

    /** A binding a shared-store pick still has to write. */
    private record PendingBind(String key, String stableId) {
    }

    /** Its shared store's failures, lookups and binds alike. */
    @Override
    public List<FilterGauge> gauges() {
        return gauges;
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
