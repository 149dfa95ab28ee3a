package io.jpraxis.core.upstream;

import io.jpraxis.core.context.RequestContext;
import java.util.Collection;

/** Picks another endpoint of the same cluster for a retry (spec 5.2, "reselector for retries"). */
@FunctionalInterface
public interface Reselector {
    /** Never reselects: retries go back to the same endpoint. */
    Reselector NONE = (ctx, tried) -> null;

    /**
     * An endpoint not in {@code tried}, chosen the way the cluster's strategy would; null when
     * every endpoint was tried.
     */
    EndpointState reselect(RequestContext ctx, Collection<EndpointState> tried);
}
