package io.jpraxis.http.exchange;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UpstreamAttemptHook;

/**
 * Runs the request's {@link UpstreamAttemptHook}, if a filter set one, before an upstream attempt's
 * head is built (see docs/behaviour/grpc.md#deadlines-across-retries).
 */
final class AttemptHooks {
    private AttemptHooks() {
    }

    static void beforeAttempt(RequestContext ctx) {
        UpstreamAttemptHook hook = ctx.extensions().get(UpstreamAttemptHook.KEY).orElse(null);
        if (hook != null) {
            hook.beforeAttempt(ctx);
        }
    }
}
