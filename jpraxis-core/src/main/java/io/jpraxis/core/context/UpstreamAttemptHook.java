package io.jpraxis.core.context;

/**
 * Runs before each upstream attempt's request head is built, retries included (see
 * docs/behaviour/grpc.md#deadlines-across-retries): what it leaves in {@link RequestContext#headers()}
 * goes out with that attempt. A filter that must say something per attempt (the time left of a
 * deadline) puts one in the request's {@link Extensions} under {@link #KEY}; one per request.
 * Called on the request's event loop; must not block.
 */
@FunctionalInterface
public interface UpstreamAttemptHook {
    /** Where the edge looks for the request's hook. */
    Extensions.Key<UpstreamAttemptHook> KEY = new Extensions.Key<>("upstream_attempt_hook", UpstreamAttemptHook.class);

    /** Edits the working request headers for the attempt about to start. */
    void beforeAttempt(RequestContext ctx);
}
