package io.jpraxis.http.health;

import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;

/** Told of every probe result after it was applied to the endpoint's health (tests, admin views). */
@FunctionalInterface
public interface ProbeObserver {
    /** Observes nothing. */
    ProbeObserver NONE = (cluster, endpoint, result) -> { };

    /** Called on an event loop; must not block. */
    void probed(ClusterState cluster, EndpointState endpoint, ProbeResult result);
}
