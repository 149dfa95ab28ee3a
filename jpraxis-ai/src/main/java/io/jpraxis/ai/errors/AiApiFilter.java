package io.jpraxis.ai.errors;

import io.jpraxis.core.context.ErrorRenderer;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ErrorEnvelopeSource;
import io.jpraxis.core.filter.HttpFilter;

/**
 * A filter of the AI gateway (every filter of this module): a pipeline that holds one answers the
 * local errors of an OpenAI or Anthropic API call in that API's shape (see
 * docs/behaviour/request-lifecycle.md#error-bodies). The API is recognised by path until a format
 * classifier exists.
 */
public interface AiApiFilter extends HttpFilter, ErrorEnvelopeSource {
    @Override
    default ErrorRenderer errorRenderer(RequestContext ctx) {
        return ApiErrorRenderer.forPath(ctx.requestPath().match());
    }
}
