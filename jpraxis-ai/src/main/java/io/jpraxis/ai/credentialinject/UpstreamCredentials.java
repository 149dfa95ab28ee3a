package io.jpraxis.ai.credentialinject;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.pipeline.PipelineExports;

/**
 * A {@code credential_inject} of the pipeline, published in its exports, so a {@code
 * model_failover} can set the next entry's credential after the pipeline ran (see
 * docs/behaviour/model-failover.md#credentials).
 */
public interface UpstreamCredentials {
    /** Under which each {@code credential_inject} publishes itself. */
    PipelineExports.Key<UpstreamCredentials> KEY = new PipelineExports.Key<>("credential_inject",
            UpstreamCredentials.class);

    /**
     * Removes every credential header this filter can set (and {@code Authorization}), then sets
     * the one the request's current credential locator names, exactly as on the request path.
     *
     * @return {@code Continue}, or the 503 the request path would answer
     */
    FilterAction reinject(RequestContext ctx);
}
