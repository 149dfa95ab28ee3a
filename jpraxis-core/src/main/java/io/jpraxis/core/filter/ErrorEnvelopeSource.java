package io.jpraxis.core.filter;

import io.jpraxis.core.context.ErrorRenderer;
import io.jpraxis.core.context.RequestContext;

/**
 * A filter that knows, from the request's head alone, which API the client speaks and so the shape
 * of the gateway's own errors for it (see docs/behaviour/request-lifecycle.md#error-bodies). The
 * executor asks each source of a pipeline when a request begins, before any filter runs, so every
 * local error of the request is answered in that shape: also one that comes before this filter's
 * turn (an IP refusal, a body too large) or after it (no route, an unreachable upstream). The first
 * source with an answer wins; a filter that puts its own {@link ErrorRenderer} later replaces it.
 * Called on the request's event loop; must not block.
 */
public interface ErrorEnvelopeSource {
    /** The renderer for this request's errors, or null when this filter does not recognise the request. */
    ErrorRenderer errorRenderer(RequestContext ctx);
}
