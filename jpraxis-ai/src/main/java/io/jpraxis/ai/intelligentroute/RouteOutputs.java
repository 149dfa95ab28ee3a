package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.HeaderText;
import io.jpraxis.ai.candidate.RoutingSnapshot;
import io.jpraxis.ai.candidate.Selection;
import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.ai.intelligentroute.IntelligentRouteFilter.Session;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Step 9 (see docs/behaviour/intelligent-route.md#request-steps): everything a pick writes. Every
 * header value is checked before anything is written, so a request either carries the whole
 * decision or fails with 500; it is never forwarded with {@code ctx.cluster} set but the route
 * header or hop context missing (see docs/behaviour/routing-headers.md#the-route-header).
 */
final class RouteOutputs {
    private static final Logger log = LoggerFactory.getLogger(RouteOutputs.class);

    private final String routeHeader;
    private final Set<String> providerHopClusters;
    private final IdGenerator hopIds;

    RouteOutputs(String routeHeader, Set<String> providerHopClusters, IdGenerator hopIds) {
        this.routeHeader = routeHeader;
        this.providerHopClusters = providerHopClusters;
        this.hopIds = hopIds;
    }

    /**
     * Applies the pick of {@code c} from {@code snapshot}.
     *
     * @param selection the fresh selection, or null for an affinity reuse
     * @param session the session flags, or null when affinity is off
     * @return {@code Continue}, or a 500 rejection when a value cannot be sent as a header
     */
    FilterAction apply(RequestContext ctx, RoutingSnapshot snapshot, Candidate c, Selection selection,
            Session session) {
        boolean hop = providerHopClusters.contains(c.cluster());
        String revision = hop ? snapshot.revision().orElse(null) : null;
        if (routeHeader != null && !HeaderText.isRouteHeaderValue(c.cluster())) {
            return internalError(ctx, "cluster of candidate " + HeaderListReader.quote(c.stableId()) + " is not a legal value for "
                    + routeHeader);
        }
        if (hop && !(HeaderText.isRouteHeaderValue(c.stableId()) && ConfigStrings.isIdentifier(c.stableId()))) {
            return internalError(ctx, "stable id " + HeaderListReader.quote(c.stableId()) + " is not a legal header value");
        }
        if (revision != null && !HeaderText.isRouteHeaderValue(revision)) {
            return internalError(ctx, "overlay revision " + HeaderListReader.quote(revision) + " is not a legal header value");
        }
        ctx.cluster(c.cluster());
        RouteMetadata.write(ctx.metadata(), snapshot.localSite(), c, selection);
        if (session != null) {
            RouteMetadata.session(ctx.metadata(), session.bound, session.reused, session.failover);
        }
        List<Map.Entry<String, String>> set = new ArrayList<>(4);
        if (hop) {
            String hopId = hopIds.next();
            set.add(Map.entry(HeaderPolicy.HOP_CANDIDATE, c.stableId()));
            set.add(Map.entry(HeaderPolicy.HOP_REQUEST_ID, hopId));
            if (revision != null) { // static and legacy snapshots have no revision
                set.add(Map.entry(HeaderPolicy.HOP_REVISION, revision));
            }
            RouteMetadata.put(ctx.metadata(), "provider_hop_request_id", hopId);
        }
        if (routeHeader != null) {
            set.add(Map.entry(routeHeader, c.cluster())); // set after the entry strip: the pick wins
        }
        set.forEach(header -> ctx.headers().set(header.getKey(), header.getValue()));
        ctx.extensions().put(RouteDecision.KEY, new RouteDecision(c.cluster(), set));
        return FilterAction.CONTINUE;
    }

    private static FilterAction internalError(RequestContext ctx, String detail) {
        log.error("request {}: intelligent_route: {}; failing the request rather than forwarding it without "
                + "the routing decision", ctx.requestId(), detail);
        return FilterAction.reject(500, "routing decision cannot be encoded");
    }
}
