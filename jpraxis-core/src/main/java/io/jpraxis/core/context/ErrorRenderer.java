package io.jpraxis.core.context;

import io.jpraxis.core.http.LocalResponse;
import java.util.Optional;

/**
 * The envelope of the gateway's own error answers for one request (see
 * docs/behaviour/grpc.md#errors-as-grpc-statuses). A filter that knows what the client speaks puts
 * one in the request's {@link Extensions} under {@link #KEY}; the edge then asks it to render every
 * error it answers after that point (a rejection, no route, an unreachable upstream, a timeout)
 * instead of the plain JSON body. One per request: a later filter that puts its own replaces the
 * earlier one. Successful local answers ({@code static_response}, a redirect) are not errors and
 * are never passed here. Called on the request's event loop; must not block.
 */
@FunctionalInterface
public interface ErrorRenderer {
    /** Where the edge looks for the request's renderer. */
    Extensions.Key<ErrorRenderer> KEY = new Extensions.Key<>("error_renderer", ErrorRenderer.class);

    /**
     * The answer to send for an error of {@code status} with the client-safe {@code reason}, or
     * empty to keep the plain JSON error.
     */
    Optional<LocalResponse> render(RequestContext ctx, int status, String reason);

    /**
     * Whether {@code response}, one of the gateway's errors, is already in this renderer's envelope
     * (a filter that knows the API built it with its own code and field) and goes out as it is.
     */
    default boolean alreadyRendered(LocalResponse response) {
        return false;
    }
}
