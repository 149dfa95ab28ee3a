package io.jpraxis.core.balance;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.upstream.Endpoint;
import java.util.List;

/**
 * Picks one endpoint of one cluster per request.
 *
 * <p>A balancer is built once per config and shared by every event loop, so implementations must
 * be thread-safe and must not block or take locks on the pick path.
 */
public interface Balancer {

    /** The endpoint this request should go to; never null. */
    Endpoint pick(RequestContext ctx);

    /** Every endpoint this balancer chooses among, in config order. */
    List<Endpoint> endpoints();
}
