package io.jpraxis.filters.traffic.loadbalancer;

import io.jpraxis.core.binding.BoundUpstream;
import io.jpraxis.core.filter.FilterAction;
import java.util.Set;

/**
 * The runtime backstops of a load balancer that reads the binding (see
 * docs/behaviour/binding.md#consumers): valid configs never reach them, since validation proves a
 * binding precedes every bound load balancer and that it serves every bindable cluster; with {@code
 * skip_pipeline_validation} they fail the request closed instead of guessing a cluster.
 */
final class BoundSource {
    private BoundSource() {
    }

    /**
     * The filter failure for a request this balancer cannot serve from its binding, or null.
     *
     * @param bound the request's binding, or null
     * @param exchangeCluster {@code ctx.cluster} as earlier filters left it, or null
     * @param declared the clusters this balancer declares
     */
    static FilterAction refusal(BoundUpstream bound, String exchangeCluster, Set<String> declared,
            String declaredNames) {
        if (bound == null) {
            return FilterAction.fail("load_balancer: cluster_source bound_upstream but nothing is bound "
                    + "(expected: a router before it that binds the request's cluster)");
        }
        if (!declared.contains(bound.cluster())) {
            return FilterAction.fail("load_balancer: bound cluster '" + bound.cluster()
                    + "' is not declared here (expected: one of " + declaredNames + ")");
        }
        if (exchangeCluster != null && !exchangeCluster.equals(bound.cluster())) {
            return FilterAction.fail("load_balancer: ctx.cluster '" + exchangeCluster
                    + "' disagrees with the bound cluster '" + bound.cluster() + "' (expected: the same cluster)");
        }
        return null;
    }
}
