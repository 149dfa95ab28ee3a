package io.jpraxis.ai.streamusage;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import java.nio.ByteBuffer;

/**
 * {@code stream_usage_inject} (see docs/reference/filters/stream_usage_inject.md): on an OpenAI
 * chat completions request (a path ending in {@code /chat/completions}; never the Responses API)
 * that streams without asking for its usage, asks for it, so the provider ends the stream with the
 * usage chunk {@code token_count} reads. It runs at pre-read, on the whole body.
 */
final class StreamUsageInjectFilter implements AiApiFilter {
    static final String CHAT_PATH_SUFFIX = "/chat/completions";

    private final StreamUsageInjectConfig config;

    StreamUsageInjectFilter(StreamUsageInjectConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return StreamUsageInjectFactory.TYPE;
    }

    @Override
    public StreamUsageInjectConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE; // the decision needs the whole body
        }
        if (body.length() > 0 && ctx.requestPath().match().endsWith(CHAT_PATH_SUFFIX)) {
            byte[] rewritten = UsageOption.injected(body.toByteArray());
            if (rewritten != null) {
                body.replace(ByteBuffer.wrap(rewritten));
            }
        }
        return FilterAction.BODY_DONE;
    }
}
