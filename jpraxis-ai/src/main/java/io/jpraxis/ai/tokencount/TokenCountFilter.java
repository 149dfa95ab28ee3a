package io.jpraxis.ai.tokencount;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.ResponseHead;
import java.util.Locale;

/**
 * {@code token_count} (see docs/reference/filters/token_count.md): reads the token usage a
 * provider reports and publishes it as {@code token.*} metadata, {@code input_tokens} /
 * {@code output_tokens} / {@code total_tokens} results and on the exchange's {@link GenAiExchange}
 * (access log, {@code gen_ai.*} meters). It picks a mode from the 2xx response's media type (SSE
 * or JSON; anything else is not read) and observes the body as it streams without holding it
 * back ({@code bedrock_invoke_model} is {@link HeaderTokenCountFilter}). Non-2xx and local
 * responses are not read.
 */
public final class TokenCountFilter implements AiApiFilter {
    private final TokenCountConfig config;
    /** Per instance, so two token_count entries keep separate captures. */
    private final Extensions.Key<TokenCapture> captureKey = new Extensions.Key<>("token_count.capture",
            TokenCapture.class);

    TokenCountFilter(TokenCountConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return TokenCountFactory.TYPE;
    }

    @Override
    public TokenCountConfig config() {
        return config;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        if (!RoutedModel.countable(ctx, config.provider().genAiName(), response)) {
            return FilterAction.CONTINUE;
        }
        TokenCapture.Mode mode = mode(response.headers().get("content-type"));
        if (mode != null) {
            ctx.extensions().put(captureKey, new TokenCapture(config, GenAiExchange.of(ctx), mode));
        }
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
        TokenCapture capture = ctx.extensions().get(captureKey).orElse(null);
        if (capture == null) {
            return FilterAction.BODY_DONE;
        }
        capture.piece(body);
        if (body.endOfStream()) {
            capture.finish(ctx, true);
            return FilterAction.BODY_DONE;
        }
        return FilterAction.CONTINUE;
    }

    /** An exchange that ended before its body did (client abort, upstream reset) keeps what a stream counted. */
    @Override
    public void onLog(RequestContext ctx, ExchangeSummary summary) {
        ctx.extensions().get(captureKey).ifPresent(capture -> capture.finish(ctx, false));
    }

    /** SSE or JSON by the media type (parameters ignored, case-insensitive); null for any other. */
    static TokenCapture.Mode mode(String contentType) {
        if (contentType == null) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        String media = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim()
                .toLowerCase(Locale.ROOT);
        return switch (media) {
            case "text/event-stream" -> TokenCapture.Mode.SSE;
            case "application/json" -> TokenCapture.Mode.JSON;
            default -> null;
        };
    }
}
