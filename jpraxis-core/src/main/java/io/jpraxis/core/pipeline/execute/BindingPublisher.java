package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.ClusterCatalog;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.CompiledFilter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the routers of a binding pipeline binding routers (see
 * docs/behaviour/binding.md#the-freeze): after a {@link FilterTrait#ROUTER} filter returned
 * Continue, the cluster it put in {@code ctx.cluster} becomes the request's binding, with the tags
 * the catalog holds for it (none when no load balancer declares it), and the binding freezes at
 * once, before that router's branches run (see docs/behaviour/binding.md#the-freeze). Exists only
 * for pipelines that read the binding: elsewhere routers never touch the request extensions.
 */
final class BindingPublisher {
    private static final Logger log = LoggerFactory.getLogger(BindingPublisher.class);
    /**
     * The client's reason for a refused rebind; which clusters is logged, never sent (see
     * docs/behaviour/request-lifecycle.md#error-bodies).
     */
    static final String REBIND_REFUSED = "upstream binding conflict";

    private BindingPublisher() {
    }

    /** What runs at the freeze (the bound-upstream body barrier): null to go on, else how the request ends. */
    @FunctionalInterface
    interface AtFreeze {
        RequestOutcome run();
    }

    /**
     * Publishes after {@code f} continued, with the tags {@code catalog} holds, and at the freeze runs {@code atFreeze} (exactly once per
     * request, before the router's branches; see docs/behaviour/binding.md#the-freeze); null to go
     * on, else the 500 that ends a rebind attempt or what {@code atFreeze} ended the request with.
     */
    static RequestOutcome afterContinue(ClusterCatalog catalog, CompiledFilter f, RequestContext ctx,
            AtFreeze atFreeze) {
        String cluster = ctx.cluster();
        if (cluster == null || !f.declaration().traits().contains(FilterTrait.ROUTER)) {
            return null;
        }
        BindingState state = BindingState.of(ctx);
        return switch (state.publish(cluster, catalog.tags(cluster).orElse(ClusterTags.NONE))) {
            case BindingState.Published p -> {
                if (state.freeze()) {
                    log.debug("request {}: bound to cluster {} ({}) and frozen", ctx.requestId(), cluster,
                            p.bound().tags());
                    yield atFreeze.run();
                }
                yield null;
            }
            case BindingState.NoOp n -> null;
            case BindingState.Conflict c -> {
                log.warn("request {}: filter {} tried to rebind the frozen upstream binding from cluster {} to {}; "
                        + "failing closed with 500", ctx.requestId(), f.filter().type(), c.bound().cluster(),
                        c.attempted());
                yield new RequestOutcome.Reject(500, REBIND_REFUSED);
            }
        };
    }
}
