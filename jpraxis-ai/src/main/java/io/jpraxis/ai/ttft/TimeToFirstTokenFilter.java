package io.jpraxis.ai.ttft;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.ai.tokencount.RoutedModel;
import io.jpraxis.core.context.Extensions;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.ResponseHead;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * {@code time_to_first_token} (see docs/reference/filters/time_to_first_token.md): arms on a 2xx
 * {@code text/event-stream} response from the origin and, on the first body piece that carries
 * bytes, records the time since the request arrived (request body, pipeline and upstream wait
 * included) on the exchange's {@link GenAiExchange}; the edge turns it into the
 * {@code praxis_ai_ttft_seconds} and {@code gen_ai.client.operation.time_to_first_chunk}
 * histograms, labelled by the configured model (else {@code other}). A JSON answer gives no sample.
 */
public final class TimeToFirstTokenFilter implements AiApiFilter {
    private static final Extensions.Key<Armed> ARMED = new Extensions.Key<>("time_to_first_token.armed", Armed.class);

    private final TimeToFirstTokenConfig config;

    TimeToFirstTokenFilter(TimeToFirstTokenConfig config) {
        this.config = config;
    }

    /** The marker of an exchange waiting for its first byte. */
    private record Armed(GenAiExchange exchange) {
    }

    @Override
    public String type() {
        return TimeToFirstTokenFactory.TYPE;
    }

    @Override
    public TimeToFirstTokenConfig config() {
        return config;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        if (response.local() || response.status() < 200 || response.status() > 299 || !eventStream(response)) {
            return FilterAction.CONTINUE;
        }
        ctx.extensions().put(ARMED, new Armed(RoutedModel.exchange(ctx)));
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponseBody(RequestContext ctx, BodyChunk body) {
        Armed armed = ctx.extensions().get(ARMED).orElse(null);
        if (armed == null) {
            return FilterAction.BODY_DONE;
        }
        if (body.length() == 0) {
            return FilterAction.CONTINUE; // an empty piece is no token yet
        }
        ctx.extensions().remove(ARMED);
        if (armed.exchange().firstTokenNanos() < 0) {
            armed.exchange().firstTokenNanos(Math.max(0, Duration.between(ctx.receivedAt(), Instant.now()).toNanos()));
        }
        return FilterAction.BODY_DONE;
    }

    private static boolean eventStream(ResponseHead response) {
        String type = response.headers().get("content-type");
        if (type == null) {
            return false;
        }
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT)
                .equals("text/event-stream");
    }
}
