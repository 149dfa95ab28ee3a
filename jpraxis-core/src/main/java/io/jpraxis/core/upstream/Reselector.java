package io.jpraxis.core.upstream;

import java.util.Collection;

/**
 * Picks another endpoint of the same cluster for a retry ("reselector for retries"; see
 * docs/reference/filters/load_balancer.md#what-it-does) of the one request its target was picked
 * for: the balancer binds the request when it picks, so the upstream package never needs the
 * request context.
 */
@FunctionalInterface
public interface Reselector {
    /** Never reselects: retries go back to the same endpoint. */
    Reselector NONE = tried -> null;

    /**
     * An endpoint not in {@code tried}, chosen the way the cluster's strategy would; null when
     * every endpoint was tried.
     */
    EndpointState reselect(Collection<EndpointState> tried);
}
