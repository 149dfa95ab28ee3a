package io.jpraxis.http.upstream;

import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.EndpointState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shared counts one upstream exchange (proxied, or a sub-request) holds: a cluster slot for the whole exchange
 * ({@code max_connections}; see docs/behaviour/clusters.md#cluster-settings) and, per upstream attempt, one
 * in-flight count on the attempted endpoint (which {@code least_connections} reads). Each is given back exactly
 * once, however the exchange ends. Confined to the exchange's event loop.
 */
public final class UpstreamLease {
    private static final Logger log = LoggerFactory.getLogger(UpstreamLease.class);
    /** How an attempt ended, for passive health (see docs/behaviour/clusters.md#health-checks). */
    public enum AttemptOutcome {
        /** The origin answered below 500. */
        SUCCESS,
        /** Connect failure, broken connection, timeout, or a 5xx answer. */
        FAILURE,
        /** Ended before the origin could be judged (the client left, a stale pooled connection). */
        NOT_JUDGED
    }

    private final ClusterState cluster;
    private boolean slotHeld;
    private EndpointState attempted;

    public UpstreamLease(ClusterState cluster) {
        this.cluster = cluster;
    }

    /** Takes the cluster slot; false when the cluster is at {@code max_connections}. */
    public boolean takeSlot() {
        slotHeld = cluster.tryAcquireSlot();
        return slotHeld;
    }

    /** Counts an attempt to {@code endpoint} as in flight until {@link #endAttempt}. */
    public void beginAttempt(EndpointState endpoint) {
        endAttempt(AttemptOutcome.NOT_JUDGED); // never two at once; a second begin closes the first
        endpoint.acquire();
        attempted = endpoint;
    }

    /** Ends the current attempt, if any, recording {@code outcome} for passive health. */
    public void endAttempt(AttemptOutcome outcome) {
        EndpointState endpoint = attempted;
        if (endpoint == null) {
            return;
        }
        attempted = null;
        endpoint.release();
        boolean changed = switch (outcome) {
            case SUCCESS -> endpoint.recordRequest(true);
            case FAILURE -> endpoint.recordRequest(false);
            case NOT_JUDGED -> false;
        };
        if (changed) {
            logHealthChange(endpoint);
        }
    }

    private void logHealthChange(EndpointState endpoint) {
        if (endpoint.healthy()) {
            log.info("cluster '{}': endpoint {} restored by passive health (consecutive good answers)",
                    cluster.name(), endpoint.endpoint().address());
        } else {
            log.warn("cluster '{}': endpoint {} ejected by passive health (consecutive failed requests)",
                    cluster.name(), endpoint.endpoint().address());
        }
    }

    /** Ends the current attempt and gives the cluster slot back; later calls do nothing. */
    public void close(AttemptOutcome outcome) {
        endAttempt(outcome);
        if (slotHeld) {
            slotHeld = false;
            cluster.releaseSlot();
        }
    }

    /** How an answer with {@code status} counts; 0 means no answer arrived. */
    public static AttemptOutcome judge(int status) {
        if (status == 0) {
            return AttemptOutcome.NOT_JUDGED;
        }
        return status >= 500 ? AttemptOutcome.FAILURE : AttemptOutcome.SUCCESS;
    }
}
