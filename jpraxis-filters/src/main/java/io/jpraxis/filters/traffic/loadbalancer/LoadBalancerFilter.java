package io.jpraxis.filters.traffic.loadbalancer;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.core.balance.Balancer;
import io.jpraxis.core.balance.Balancers;
import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.BoundUpstream;
import io.jpraxis.core.context.ClusterPicker;
import io.jpraxis.core.context.EndpointPin;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UnreadableRequest;
import io.jpraxis.core.context.UpstreamFailover;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.core.upstream.Reselector;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.util.HashMap;
import java.util.Map;

/**
 * Picks an endpoint of the request's cluster with that cluster's strategy (see
 * docs/reference/filters/load_balancer.md#what-it-does) and sets {@code ctx.upstream}. Leaves a
 * request alone when an earlier filter already chose its upstream. With {@code cluster_source:
 * bound_upstream} the cluster is the request's frozen binding instead of what a router set, and it
 * seeds {@code ctx.cluster} (see docs/reference/filters/load_balancer.md#what-it-does,
 * docs/behaviour/binding.md#consumers).
 */
public final class LoadBalancerFilter implements HttpFilter {
    private static final FilterAction NO_CLUSTER = FilterAction.fail(
            "load_balancer: no cluster selected (expected: a router or other selector before it to set the cluster)");

    private final LoadBalancerConfig config;
    /** Read-only after construction, so concurrent lookups are safe; never iterated. */
    private final Map<String, Member> byName;
    private final String declaredNames;

    /** Builds one balancer per cluster, seeded from {@code services}. */
    public LoadBalancerFilter(LoadBalancerConfig config, RuntimeServices services, ClusterStates states) {
        this.config = config;
        this.byName = new HashMap<>();
        StringBuilder names = new StringBuilder();
        for (ClusterConfig cluster : config.clusters()) {
            ClusterState state = states.stateFor(cluster);
            byName.put(cluster.name(), new Member(state, Balancers.forCluster(state, services)));
            names.append(names.isEmpty() ? "" : ", ").append(cluster.name());
        }
        this.declaredNames = names.toString();
    }

    @Override
    public String type() {
        return LoadBalancerFactory.TYPE;
    }

    @Override
    public LoadBalancerConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        if (ctx.upstream() != null) {
            return FilterAction.CONTINUE; // e.g. endpoint_selector chose already; neither field is touched
        }
        String cluster;
        if (config.clusterSource() == ClusterSource.BOUND_UPSTREAM) {
            BoundUpstream bound = BindingState.current(ctx);
            FilterAction refused = BoundSource.refusal(bound, ctx.cluster(), byName.keySet(), declaredNames);
            if (refused != null) {
                return refused;
            }
            cluster = bound.cluster();
            ctx.cluster(cluster); // seeded from the binding (see docs/reference/filters/load_balancer.md#what-it-does)
        } else {
            cluster = ctx.cluster();
        }
        if (cluster == null) {
            // Nothing chose a cluster because the request lacks what routing reads: the client's
            // fault, 400 naming it (see docs/behaviour/request-lifecycle.md#no-endpoint-selected).
            return ctx.extensions().get(UnreadableRequest.KEY)
                    .<FilterAction>map(u -> FilterAction.reject(400, u.reason())).orElse(NO_CLUSTER);
        }
        Member member = byName.get(cluster);
        if (member == null) {
            return FilterAction.fail("load_balancer: cluster '" + cluster
                    + "' is not declared here (expected: one of " + declaredNames + ")");
        }
        if (ctx.extensions().get(UpstreamFailover.KEY).isPresent()) {
            // The request may move to another cluster after the pipeline (see
            // docs/behaviour/model-failover.md#how-an-attempt-fails-over): this balancer picks there too.
            ctx.extensions().put(ClusterPicker.KEY, this::pickInCurrentCluster);
        }
        EndpointState pinned = ctx.extensions().get(EndpointPin.KEY)
                .map(pin -> pin.resolve(member.state())).orElse(null);
        if (pinned != null) {
            // A sticky pin is kept as it is: no reselection on retry (see docs/reference/filters/load_balancer.md#what-it-does).
            ctx.upstream(new UpstreamTarget(member.state(), pinned, Reselector.NONE));
            return FilterAction.CONTINUE;
        }
        ctx.upstream(new UpstreamTarget(member.state(), member.balancer().pick(ctx),
                member.balancer().reselectorFor(ctx)));
        return FilterAction.CONTINUE;
    }

    /** An endpoint of {@code ctx.cluster} by its strategy, or null when this balancer does not serve it. */
    private UpstreamTarget pickInCurrentCluster(RequestContext ctx) {
        Member member = ctx.cluster() == null ? null : byName.get(ctx.cluster());
        if (member == null) {
            return null;
        }
        return new UpstreamTarget(member.state(), member.balancer().pick(ctx), member.balancer().reselectorFor(ctx));
    }

    /** The balancer of a declared cluster (for tests and the admin dump). */
    public Balancer balancer(String cluster) {
        Member member = byName.get(cluster);
        return member == null ? null : member.balancer();
    }

    private record Member(ClusterState state, Balancer balancer) {
    }
}
