package io.jpraxis.core.binding;

import java.util.Objects;

/**
 * A request's logical upstream binding: the cluster a binding router chose and the cluster's
 * catalog tags (see docs/behaviour/binding.md#the-freeze). Never an endpoint; picking one stays
 * with the load balancer.
 */
public record BoundUpstream(String cluster, ClusterTags tags) {
    public BoundUpstream {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(tags, "tags");
    }
}
