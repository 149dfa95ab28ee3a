package io.jpraxis.core.context;

import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;

/**
 * An endpoint an earlier filter ({@code sticky_sessions}) asks the load balancer to use for this
 * request (see docs/reference/filters/load_balancer.md#what-it-does): honoured when the address is
 * still a member of the request's cluster, without retry reselection; with {@code failover} an
 * unhealthy endpoint is not honoured and the cluster's strategy chooses instead.
 *
 * @param address {@code host:port} as the cluster's endpoint is configured
 * @param failover whether an unhealthy pinned endpoint yields to the strategy
 */
public record EndpointPin(String address, boolean failover) {
    /** Where the pin waits in the request's extensions for the load balancer. */
    public static final Extensions.Key<EndpointPin> KEY = new Extensions.Key<>("endpoint_pin", EndpointPin.class);

    /**
     * The endpoint of {@code cluster} this pin selects, or null when the strategy must choose: the
     * address is no member, or it is unhealthy and the pin allows failover. An endpoint of a cluster
     * without health checks is always healthy, so it is always kept.
     */
    public EndpointState resolve(ClusterState cluster) {
        EndpointState endpoint = cluster.endpoint(address);
        if (endpoint == null || (failover && !endpoint.healthy())) {
            return null;
        }
        return endpoint;
    }
}
