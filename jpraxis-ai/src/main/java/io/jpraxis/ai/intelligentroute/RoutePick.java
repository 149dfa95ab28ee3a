package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CandidateKind;
import io.jpraxis.ai.candidate.RoutingSnapshot;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.picker.EndpointSubset;
import java.util.List;
import java.util.Set;

/**
 * The candidate an {@code intelligent_route} picked for a request, with what it was picked from,
 * so a {@code model_failover} after it can move the request to the next candidate in selection
 * order (see docs/behaviour/model-failover.md#the-order-of-entries). Left in the request's
 * extensions by every pick; the snapshot is the one the request saw, so a reload mid-request
 * changes nothing.
 */
public final class RoutePick {
    /** Where a pick waits for a {@code model_failover}. */
    public static final Extensions.Key<RoutePick> KEY = new Extensions.Key<>("intelligent_route.pick", RoutePick.class);

    private final RoutingSnapshot snapshot;
    private final CandidateKind kind;
    private final String name;
    private final EndpointSubset subset;
    private final RouteOutputs outputs;
    private final Set<String> owned;
    private Candidate current;

    RoutePick(RoutingSnapshot snapshot, CandidateKind kind, String name, EndpointSubset subset, RouteOutputs outputs,
            Set<String> owned, Candidate picked) {
        this.snapshot = snapshot;
        this.kind = kind;
        this.name = name;
        this.subset = subset;
        this.outputs = outputs;
        this.owned = owned;
        this.current = picked;
    }

    /** The candidate the request is routed to now. */
    public Candidate current() {
        return current;
    }

    /** The requested model (or tool) name, as the client sent it. */
    public String requested() {
        return name;
    }

    /** The candidates after the first pick, in the order selection prefers them. */
    public List<Candidate> alternatives(Candidate first) {
        return snapshot.alternatives(kind, name, subset, first);
    }

    /**
     * Routes the request to {@code next} as a pick of it would: the cluster, the metadata (its
     * credential locator included) and the owned headers become its.
     *
     * @return {@code Continue}, or the rejection a pick of it would have met
     */
    public FilterAction moveTo(RequestContext ctx, Candidate next) {
        ctx.headers().removeIf(owned::contains);
        ctx.cluster(null);
        ctx.upstream(null);
        FilterAction applied = outputs.apply(ctx, snapshot, next, null, null);
        if (applied instanceof FilterAction.Continue) {
            current = next;
        }
        return applied;
    }
}
