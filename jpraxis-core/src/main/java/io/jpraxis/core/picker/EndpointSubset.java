package io.jpraxis.core.picker;

import io.jpraxis.core.context.Extensions;
import java.util.Set;

/**
 * A subset hint an edge hands to {@code intelligent_route}: pick only candidates whose cluster is
 * listed. The ext_proc edge sets it from the endpoint-picker protocol's {@code
 * envoy.lb.subset_hint} metadata (see docs/behaviour/ext-proc.md#picker-mode); an empty subset
 * admits nothing.
 */
public record EndpointSubset(Set<String> clusters) {
    public static final Extensions.Key<EndpointSubset> KEY = new Extensions.Key<>("endpoint_subset",
            EndpointSubset.class);

    public EndpointSubset {
        clusters = Set.copyOf(clusters);
    }

    public boolean allows(String cluster) {
        return clusters.contains(cluster);
    }
}
