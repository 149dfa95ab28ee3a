package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.core.upstream.Reselector;
import java.util.Collection;
import java.util.List;

/**
 * Picks one endpoint of one cluster per request.
 *
 * <p>A balancer is built once per config and shared by every event loop, so implementations must
 * be thread-safe and must not block or take locks on the pick path.
 */
public interface Balancer {

    /** The endpoint this request should go to; never null. */
    EndpointState pick(RequestContext ctx);

    /** Every endpoint this balancer chooses among, in config order. */
    List<EndpointState> endpoints();

    /**
     * For a retry: the strategy's own pick when it is untried, else the first untried endpoint
     * in config order, healthy ones first; null when every endpoint was tried.
     */
    default EndpointState reselect(RequestContext ctx, Collection<EndpointState> tried) {
        EndpointState pick = pick(ctx);
        if (!tried.contains(pick)) {
            return pick;
        }
        EndpointState unhealthy = null;
        for (EndpointState e : endpoints()) {
            if (!tried.contains(e)) {
                if (e.healthy()) {
                    return e;
                }
                unhealthy = unhealthy == null ? e : unhealthy;
            }
        }
        return unhealthy;
    }

    /** What a target picked for {@code ctx} carries for its retries: {@link #reselect} for that request. */
    default Reselector reselectorFor(RequestContext ctx) {
        return tried -> reselect(ctx, tried);
    }
}
