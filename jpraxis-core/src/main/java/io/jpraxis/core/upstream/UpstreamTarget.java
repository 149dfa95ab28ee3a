package io.jpraxis.core.upstream;

import io.jpraxis.config.model.ClusterConfig;

/** The endpoint a load balancer picked, with the cluster whose settings (timeouts, authority) apply. */
public record UpstreamTarget(ClusterConfig cluster, Endpoint endpoint) {
}
