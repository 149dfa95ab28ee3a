package io.jpraxis.ai.intelligentroute;

import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;
import java.util.List;
import java.util.Map;

/**
 * The headers a pick set, kept for the rest of its request. A later {@code intelligent_route}
 * entry, or a second pass through the same one (a branch rejoining backwards), finds the cluster
 * preset and strips the owned headers on entry; while that cluster is still the picked one it puts
 * the pick's headers back, so the request never goes on with {@code ctx.cluster} set but its route
 * header or provider-hop context gone (see docs/behaviour/routing-headers.md#the-route-header).
 *
 * @param cluster the picked cluster
 * @param headers name and value of each header the pick set, in the order it set them
 */
record RouteDecision(String cluster, List<Map.Entry<String, String>> headers) {
    static final Extensions.Key<RouteDecision> KEY = new Extensions.Key<>("intelligent_route.decision",
            RouteDecision.class);

    RouteDecision {
        headers = List.copyOf(headers);
    }

    /** Puts back the headers of this request's pick when its cluster still stands; else nothing. */
    static void restore(RequestContext ctx) {
        ctx.extensions().get(KEY).filter(d -> d.cluster().equals(ctx.cluster()))
                .ifPresent(d -> d.headers().forEach(h -> ctx.headers().set(h.getKey(), h.getValue())));
    }
}
