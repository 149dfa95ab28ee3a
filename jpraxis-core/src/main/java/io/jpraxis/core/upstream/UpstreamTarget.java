package io.jpraxis.core.upstream;

import io.jpraxis.config.model.ClusterConfig;

/**
 * The endpoint a load balancer picked, with the cluster whose settings (timeouts, authority, TLS,
 * retries) apply and a way to pick another endpoint for a retry.
 */
public record UpstreamTarget(ClusterState clusterState, EndpointState endpointState, Reselector reselector) {

    /** A target outside any balancer (a filter naming the endpoint itself); never reselected. */
    public static UpstreamTarget detached(ClusterConfig cluster, Endpoint endpoint) {
        return new UpstreamTarget(new ClusterState(cluster), new EndpointState(endpoint, null), Reselector.NONE);
    }

    public ClusterConfig cluster() {
        return clusterState.config();
    }

    public Endpoint endpoint() {
        return endpointState.endpoint();
    }

    /** The same cluster, another endpoint (a retry after a connect failure). */
    public UpstreamTarget withEndpoint(EndpointState other) {
        return new UpstreamTarget(clusterState, other, reselector);
    }
}
