package io.jpraxis.core.pipeline.check;

import io.jpraxis.core.binding.ClusterTags;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The binding facts of one listener's pipeline, for {@code jpraxis explain}: whether it binds,
 * which router binds, the cluster catalog and, per bindable cluster, how its requests end.
 *
 * @param routerIndex the binding router's top-level position, -1 when none binds
 * @param router the binding router ({@code router 'routing' at position 0}), null when none binds
 * @param catalog every load balancer cluster declaration (first wins), in declaration order
 */
public record BindingReport(boolean usesBinding, int routerIndex, String router, Map<String, ClusterTags> catalog,
        List<ClusterCoverage> coverage) {
    /** A pipeline that reads no binding. */
    public static final BindingReport NONE = new BindingReport(false, -1, null, Map.of(), List.of());

    public BindingReport {
        catalog = Collections.unmodifiableMap(new LinkedHashMap<>(catalog));
        coverage = List.copyOf(coverage);
    }

    static BindingReport of(FlowGraph graph) {
        BindingFacts b = graph.binding();
        if (!b.usesBinding()) {
            return NONE;
        }
        return new BindingReport(true, b.router(), b.router() < 0 ? null : b.routerName(), b.catalog().all(), b.coverage());
    }
}
