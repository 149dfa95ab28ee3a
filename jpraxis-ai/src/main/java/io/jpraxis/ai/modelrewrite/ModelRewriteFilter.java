package io.jpraxis.ai.modelrewrite;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.BoundUpstream;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import java.nio.ByteBuffer;

/**
 * {@code model_rewrite}: rewrites the top-level JSON {@code model} of a request body per bound
 * provider ({@code rules: [{when: {application_provider: X}, from: alias, to: name}]}), so one
 * client-facing alias reaches each provider under the name it knows. It declares both body
 * accesses: with a {@code bound_upstream} condition it runs once at the bound-upstream barrier (see
 * docs/behaviour/binding.md#the-bound-body-barrier), where {@code when} matches the frozen
 * binding's tags; without one it runs at pre-read, where only rules without {@code when} can match
 * (a config relying on {@code when} there is refused at build). A body that is not a JSON object,
 * or has no string {@code model}, or whose model no rule matches, is left exactly as it is.
 */
public final class ModelRewriteFilter implements AiApiFilter {
    private final ModelRewriteConfig config;
    private final ModelRewriter rewriter;

    ModelRewriteFilter(ModelRewriteConfig config) {
        this.config = config;
        this.rewriter = new ModelRewriter(config.rules());
    }

    @Override
    public String type() {
        return ModelRewriteFactory.TYPE;
    }

    @Override
    public ModelRewriteConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE; // the model is read from the whole body
        }
        apply(body, null);
        return FilterAction.BODY_DONE;
    }

    @Override
    public FilterAction onBoundUpstreamRequestBody(RequestContext ctx, BodyChunk body) {
        BoundUpstream bound = BindingState.current(ctx);
        apply(body, bound == null ? null : bound.tags());
        return FilterAction.CONTINUE;
    }

    private void apply(BodyChunk body, ClusterTags tags) {
        if (body.length() == 0) {
            return;
        }
        byte[] rewritten = rewriter.rewrite(body.toByteArray(), tags);
        if (rewritten != null) {
            body.replace(ByteBuffer.wrap(rewritten));
        }
    }
}
