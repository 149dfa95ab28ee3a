package io.jpraxis.core.binding;

import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.RequestContext;

/**
 * One request's binding and its freeze marker (see docs/behaviour/binding.md#the-freeze). Lives in
 * the request's {@link RequestContext#extensions()}, so it is strictly per request (a keep-alive
 * connection's next request starts unbound) and survives ReEnter passes of the same request. A
 * nested exchange that inherits the frozen binding (an IRR step) takes it with {@link #inherit}.
 *
 * <p>The binding freezes on the first publish; there is no window in which a second publish may
 * replace it (see docs/behaviour/binding.md#the-freeze). Confined to the request's thread like the
 * rest of the context.
 */
public final class BindingState {
    private static final Extensions.Key<BindingState> KEY = new Extensions.Key<>("upstream-binding",
            BindingState.class);

    private BoundUpstream bound;
    private boolean frozen;

    private BindingState() {
    }

    /** What a publish did; handled by an exhaustive switch. */
    public sealed interface Publish permits Published, NoOp, Conflict {
    }

    /** The request was unbound and is now bound to {@code bound}. */
    public record Published(BoundUpstream bound) implements Publish {
    }

    /** The request was already bound to the same cluster; nothing changed. */
    public record NoOp(BoundUpstream bound) implements Publish {
    }

    /** The request is bound to {@code bound} and a publisher tried {@code attempted}: a rebind, refused. */
    public record Conflict(BoundUpstream bound, String attempted) implements Publish {
    }

    /** The binding of {@code ctx}, or null when nothing was published for it. */
    public static BoundUpstream current(RequestContext ctx) {
        BindingState state = ctx.extensions().get(KEY).orElse(null);
        return state == null ? null : state.bound;
    }

    /** The state of {@code ctx}, made on first use. */
    public static BindingState of(RequestContext ctx) {
        BindingState state = ctx.extensions().get(KEY).orElse(null);
        if (state == null) {
            state = new BindingState();
            ctx.extensions().put(KEY, state);
        }
        return state;
    }

    /**
     * Gives {@code child} (a nested exchange of the same downstream request) the binding and freeze
     * marker of {@code parent}; the child shares the state, so it can never rebind.
     */
    public static void inherit(RequestContext parent, RequestContext child) {
        parent.extensions().get(KEY).ifPresent(state -> child.extensions().put(KEY, state));
    }

    /** Records {@code cluster} with its {@code tags} unless the request is bound already. */
    public Publish publish(String cluster, ClusterTags tags) {
        if (bound == null) {
            bound = new BoundUpstream(cluster, tags);
            return new Published(bound);
        }
        return bound.cluster().equals(cluster) ? new NoOp(bound) : new Conflict(bound, cluster);
    }

    /**
     * Sets the freeze marker; true only for the call that froze it, so what runs at the freeze
     * (the bound-body barrier) runs once per request however often the pipeline re-enters.
     */
    public boolean freeze() {
        if (frozen || bound == null) {
            return false;
        }
        frozen = true;
        return true;
    }

    public boolean frozen() {
        return frozen;
    }

    /** The binding, or null. */
    public BoundUpstream bound() {
        return bound;
    }
}
