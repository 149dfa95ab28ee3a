package io.jpraxis.core.pipeline.compile;

import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.model.BranchChainConfig;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.NestedPipelines;
import io.jpraxis.core.pipeline.NestedPipelines.Nesting;
import io.jpraxis.core.pipeline.PlacedEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The rules only outbound chains have (see docs/behaviour/outbound-chains.md#outbound-chains): how
 * deep they nest, no chain whose outbound chain is being built reached again (the loader's cycle
 * search already refuses such configs; this keeps the build from recursing should one get through),
 * no TCP filter, no filter that answers requests itself, and an endpoint picked for the callout.
 * One per build, used on the build's thread only.
 */
final class OutboundChains {
    /** Praxis's TCP-layer filter types: they act on connections, and a callout is an HTTP request. */
    static final Set<String> TCP_FILTER_TYPES = Set.of("tcp_access_log", "sni_router");

    /** The outbound chains being built, outermost first. */
    private final List<String> building = new ArrayList<>();
    private final Diagnostics build;

    /** {@code build} holds the whole build's findings, the loader's included. */
    OutboundChains(Diagnostics build) {
        this.build = build;
    }

    /** Starts building {@code name}; false (reported) when it is too deep or already being built. */
    boolean enter(ChainRef ref, String name, Diagnostics d) {
        if (building.size() >= NestedPipelines.MAX_OUTBOUND_DEPTH) {
            d.error(ref.source().path(), ref.source().line(), "outbound chain '" + name + "' at outbound nesting depth "
                    + (building.size() + 1) + " (expected: at most " + NestedPipelines.MAX_OUTBOUND_DEPTH
                    + " outbound chains one inside another's filters)");
            return false;
        }
        if (ref instanceof ChainRef.Named && building.contains(name)) {
            if (build.hasErrors()) {
                // The cycle search reported it: the loader's from the listeners, the build's from IRR steps.
                return false;
            }
            List<String> cycle = new ArrayList<>(building.subList(building.indexOf(name), building.size()));
            cycle.add(name);
            d.error(ref.source().path(), ref.source().line(), "outbound chain reference cycle detected: "
                    + String.join(" -> ", cycle) + " (expected: outbound_chain references that never lead back to a "
                    + "chain being built)");
            return false;
        }
        building.add(name);
        return true;
    }

    void leave() {
        building.removeLast();
    }

    /** TCP filters (at any depth of the chain's inline branches) cannot run on a callout. */
    static void refuseTcpFilters(List<PlacedEntry> placed, Diagnostics d) {
        for (PlacedEntry p : placed) {
            tcp(p.entry(), p.filterScope(), d);
        }
    }

    private static void tcp(FilterEntryConfig entry, FilterScope scope, Diagnostics d) {
        if (TCP_FILTER_TYPES.contains(entry.filterType())) {
            d.scoped(scope).error(entry.source().path().key("filter"), entry.source().line(), entry.filterType()
                    + " is a TCP filter (expected: HTTP filters only in an outbound chain; a callout is an HTTP "
                    + "request)");
        }
        for (BranchChainConfig b : entry.branchChains()) {
            for (ChainRef ref : b.chains()) {
                if (ref instanceof ChainRef.Inline inline) {
                    inline.filters().forEach(e -> tcp(e, scope.withBranch(b.name()).withFilter(e.filterType(),
                            e.name()), d));
                }
            }
        }
    }

    /**
     * A callout is sent to the endpoint its chain picks, so the chain may hold no filter that
     * answers requests itself ({@code static_response}, {@code redirect},
     * {@code iterative_request_router}): its answer would never be the answer of the service called.
     */
    static void refuseLocalAnswers(CompiledPipeline pipeline, Diagnostics d) {
        for (CompiledFilter f : pipeline.allSlots()) {
            Set<FilterTrait> traits = f.declaration().traits();
            if (traits.contains(FilterTrait.ALWAYS_ANSWERS) || traits.contains(FilterTrait.ITERATIVE_ROUTER)) {
                d.scoped(new FilterScope(f.filter().type(), f.entry().name(), f.chain(), null))
                        .error(f.entry().source().path().key("filter"), f.entry().source().line(), f.filter().type()
                                + " answers requests itself (expected: filters that send the callout on to an "
                                + "endpoint; an outbound chain may not answer locally)");
            }
        }
    }

    /** The chain must be able to pick the callout's endpoint: a load balancer or an endpoint_selector. */
    static void requireEndpoint(CompiledPipeline pipeline, Nesting nesting, Diagnostics d) {
        for (CompiledFilter f : pipeline.allSlots()) {
            Set<FilterTrait> traits = f.declaration().traits();
            if (traits.contains(FilterTrait.SELECTS_ENDPOINT) || traits.contains(FilterTrait.SETS_UPSTREAM)) {
                return;
            }
        }
        d.error(nesting.path(), nesting.line(), "it picks no endpoint (expected: a load_balancer or an "
                + "endpoint_selector that picks the callout's endpoint)");
    }
}
