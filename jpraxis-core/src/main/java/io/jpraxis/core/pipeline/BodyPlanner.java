package io.jpraxis.core.pipeline;

import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Computes a pipeline's {@link BodyPlan} at compile (see
 * docs/behaviour/body-access.md#access-and-delivery-modes): the ratchet of the body modes the
 * top-level filters declare, per direction, under the global limits; and reports the body rules
 * that need the whole pipeline (an unbounded buffer without {@code allow_unbounded_body}, a {@code
 * selected_upstream} condition on a filter whose body hook runs at pre-read; see
 * docs/behaviour/ordering-checks.md#the-control-flow-graph).
 */
public final class BodyPlanner {
    private BodyPlanner() {
    }

    /** The plan of {@code filters} (top level, in order) with nothing to report: for pipelines built in code. */
    public static BodyPlan plan(List<CompiledFilter> filters, BodyLimits limits) {
        return plan(filters, limits, true, Set.of(), new Diagnostics(), i -> null, true);
    }

    /**
     * @param allowUnbounded {@code insecure_options.allow_unbounded_body}
     * @param entries the placed entry of each top-level index (its scope and inherited conditions);
     *     null for pipelines built in code
     * @param boundBodyHook whether feature {@code bound-upstream-request-body} is on
     */
    public static BodyPlan plan(List<CompiledFilter> filters, BodyLimits limits, boolean allowUnbounded,
            Set<String> conditionedHeaders, Diagnostics d, IntFunction<PlacedEntry> entries, boolean boundBodyHook) {
        List<CompiledFilter> requestFilters = new ArrayList<>();
        List<CompiledFilter> barrierFilters = new ArrayList<>();
        List<CompiledFilter> bodyReaders = new ArrayList<>(); // both phases: the body must be whole at the freeze
        for (CompiledFilter f : filters) {
            RequestBodyPhase phase = RequestBodyPhase.of(f.declaration(), boundCondition(f, entries), boundBodyHook);
            switch (phase) {
                case NONE -> {
                }
                case PRE_READ -> requestFilters.add(f);
                case BARRIER -> barrierFilters.add(f);
            }
            if (phase != RequestBodyPhase.NONE) {
                bodyReaders.add(f);
            }
            if (!refuseWithoutFeature(f, boundBodyHook, d, entries)) {
                refuseBarrierOnlyAtPreRead(f, phase, boundBodyHook, d, entries);
            }
        }
        List<CompiledFilter> responseFilters = wanting(filters, w -> w.responseBody().access());
        BodyLimitsPolicy.Applied request = BodyLimitsPolicy.apply(declared(bodyReaders, w -> w.requestBody().mode()),
                limits.maxRequestBytes());
        BodyLimitsPolicy.Applied response = BodyLimitsPolicy.apply(
                declared(responseFilters, w -> w.responseBody().mode()), limits.maxResponseBytes());
        if (request.unbounded()) {
            reportUnbounded(bodyReaders, w -> w.requestBody().mode(), "request", allowUnbounded, d, entries);
        }
        if (response.unbounded()) {
            reportUnbounded(responseFilters, w -> w.responseBody().mode(), "response", allowUnbounded, d, entries);
        }
        if (request.mode() instanceof BodyMode.StreamBuffer) {
            refuseSelectedUpstreamAtPreRead(requestFilters, d, entries);
        }
        return new BodyPlan(request.mode(), response.mode(), request.limit(), response.limit(), requestFilters,
                responseFilters, conditionedHeaders, barrierFilters, boundBodyHook);
    }

    private static boolean boundCondition(CompiledFilter f, IntFunction<PlacedEntry> entries) {
        PlacedEntry placed = entries.apply(f.index());
        if (placed != null && BindingScan.hasBoundCondition(placed.inherited())) {
            return true;
        }
        return f.entry() != null && BindingScan.hasBoundCondition(f.entry().conditions());
    }

    /**
     * Without feature bound-upstream-request-body the barrier does not exist, so a filter that
     * would run there (a bound-only participant, or one whose bound_upstream condition defers it)
     * is refused naming the feature, rather than silently running at pre-read or never (see
     * docs/behaviour/feature-flags.md#enabling-flags). Returns whether it was.
     */
    private static boolean refuseWithoutFeature(CompiledFilter f, boolean boundBodyHook, Diagnostics d,
            IntFunction<PlacedEntry> entries) {
        PlacedEntry placed = entries.apply(f.index());
        if (boundBodyHook || placed == null
                || RequestBodyPhase.of(f.declaration(), boundCondition(f, entries), true) != RequestBodyPhase.BARRIER) {
            return false;
        }
        FilterEntryConfig entry = placed.entry();
        d.scoped(placed.filterScope()).error(entry.source().path().key("filter"), entry.source().line(),
                f.filter().type() + " declares a bound-upstream request-body hook that would run at the binding's "
                + "freeze, which needs the bound-upstream-request-body feature (expected: --features "
                + "bound-upstream-request-body)");
        return true;
    }

    /**
     * A filter whose body work only means something once a binding exists ({@link
     * FilterDeclaration.BoundUpstream#barrierOnlyReason()}) but that would run at pre-read is refused: at pre-read it
     * would silently do nothing.
     */
    private static void refuseBarrierOnlyAtPreRead(CompiledFilter f, RequestBodyPhase phase, boolean boundBodyHook,
            Diagnostics d, IntFunction<PlacedEntry> entries) {
        String reason = f.declaration().boundUpstream().barrierOnlyReason();
        PlacedEntry placed = entries.apply(f.index());
        if (reason == null || phase == RequestBodyPhase.BARRIER || placed == null) {
            return;
        }
        FilterEntryConfig entry = placed.entry();
        String fix = boundBodyHook ? "a bound_upstream condition on the filter, which defers it to the bound-upstream "
                + "barrier" : "feature bound-upstream-request-body enabled and a bound_upstream condition on the filter";
        d.scoped(placed.filterScope()).error(entry.source().path(), entry.source().line(), reason
                + ", but the filter's body hook runs at pre-read, before any binding exists, so it could never match"
                + " (expected: " + fix + ")");
    }

    private static List<CompiledFilter> wanting(List<CompiledFilter> filters, Function<FilterDeclaration, BodyAccess> access) {
        List<CompiledFilter> out = new ArrayList<>();
        for (CompiledFilter f : filters) {
            if (access.apply(f.declaration()) != BodyAccess.NONE) {
                out.add(f);
            }
        }
        return out;
    }

    private static Optional<BodyMode> declared(List<CompiledFilter> filters, Function<FilterDeclaration, BodyMode> mode) {
        BodyMode merged = null;
        for (CompiledFilter f : filters) {
            BodyMode m = mode.apply(f.declaration());
            merged = merged == null ? m : BodyMode.ratchet(merged, m);
        }
        return Optional.ofNullable(merged);
    }

    /** Rule 4: an error naming the filter that asked for an unbounded buffer, or a warning when allowed. */
    private static void reportUnbounded(List<CompiledFilter> filters, Function<FilterDeclaration, BodyMode> mode,
            String direction, boolean allowed, Diagnostics d, IntFunction<PlacedEntry> entries) {
        for (CompiledFilter f : filters) {
            if (!(mode.apply(f.declaration()) instanceof BodyMode.StreamBuffer b) || b.maxBytes() != null) {
                continue;
            }
            PlacedEntry placed = entries.apply(f.index());
            if (placed == null) {
                return;
            }
            Diagnostics scoped = d.scoped(placed.filterScope());
            FilterEntryConfig entry = placed.entry();
            String limitKey = "body_limits.max_" + direction + "_bytes";
            if (allowed) {
                scoped.warn(entry.source().path(), entry.source().line(), "StreamBuffer " + direction
                        + " body mode has no size limit and " + limitKey + " is null; clamped to "
                        + BodyLimits.ABSOLUTE_CAP_BYTES + " bytes (64 MiB)");
            } else {
                scoped.error(entry.source().path(), entry.source().line(), "StreamBuffer " + direction
                        + " body mode has no size limit (expected: a bound from the filter or " + limitKey
                        + "; or insecure_options.allow_unbounded_body: true, which clamps it to 64 MiB)");
            }
            return;
        }
    }

    /**
     * pre-read runs before any load balancer, so a selected_upstream condition on a request-body
     * filter could never match there; it is refused rather than silently skipping (see
     * docs/behaviour/ordering-checks.md#the-control-flow-graph).
     */
    private static void refuseSelectedUpstreamAtPreRead(List<CompiledFilter> filters, Diagnostics d,
            IntFunction<PlacedEntry> entries) {
        for (CompiledFilter f : filters) {
            PlacedEntry placed = entries.apply(f.index());
            if (placed == null) {
                continue;
            }
            List<ConditionConfig> gate = new ArrayList<>(placed.inherited());
            gate.addAll(placed.entry().conditions());
            for (ConditionConfig c : gate) {
                if (c.predicate().selectedUpstream() != null) {
                    String kind = c.kind() == ConditionConfig.Kind.WHEN ? "when" : "unless";
                    d.scoped(placed.filterScope()).error(c.source().path().key(kind).key("selected_upstream"),
                            c.source().line(),
                            "a request-body filter runs at pre-read, before a load balancer selects an upstream "
                            + "(expected: no selected_upstream condition on a request-body filter of a buffered "
                            + "pipeline)");
                }
            }
        }
    }
}
