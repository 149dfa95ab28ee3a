package io.jpraxis.core.pipeline.check;

import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.core.binding.ClusterTags;
import java.util.List;

/**
 * A filter's gate decided statically for one bound cluster (R6 path model; see
 * docs/behaviour/binding.md#binding-rules): bound predicates are decided from the cluster's catalog
 * tags; any other predicate (path, headers, methods, grpc, selected_upstream) leaves the outcome
 * open.
 */
enum ClusterGate {
    /** The filter runs for every request bound to the cluster. */
    RUNS,
    /** Some requests bound to the cluster run it, others skip it. */
    MAYBE,
    /** No request bound to the cluster runs it ({@code when} cannot match, or a pure bound {@code unless} does). */
    NEVER;

    static ClusterGate of(List<ConditionConfig> gate, ClusterTags tags) {
        ClusterGate out = RUNS;
        for (ConditionConfig c : gate) {
            Tri holds = holds(c.predicate(), tags);
            boolean wanted = c.kind() == ConditionConfig.Kind.WHEN;
            if (holds == Tri.OPEN) {
                out = MAYBE;
            } else if ((holds == Tri.TRUE) != wanted) {
                return NEVER;
            }
        }
        return out;
    }

    private static Tri holds(RequestPredicateConfig p, ClusterTags tags) {
        if (p.boundUpstream() != null && !tags.satisfies(p.boundUpstream())) {
            return Tri.FALSE; // every field is ANDed: one that cannot match decides it
        }
        boolean others = p.path() != null || p.pathPrefix() != null || p.methods() != null || p.headers() != null
                || p.headersPresent() != null || p.grpc() != null || p.selectedUpstream() != null;
        return others ? Tri.OPEN : Tri.TRUE;
    }

    private enum Tri { TRUE, FALSE, OPEN }
}
