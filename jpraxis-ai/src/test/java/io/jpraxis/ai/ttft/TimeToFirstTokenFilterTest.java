package io.jpraxis.ai.ttft;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@code time_to_first_token} (see docs/reference/filters/time_to_first_token.md). */
class TimeToFirstTokenFilterTest {
    private final HttpFilter filter = AiFixtures.build(new TimeToFirstTokenFactory(), "{}").accepted();

    private RequestContext respond(int status, String contentType) {
        RequestContext ctx = new RequestContext("main", "POST", io.jpraxis.core.http.RequestPath.of("/v1/chat"), null,
                "http", null, new HeaderMap(), "r", Instant.now().minusMillis(250));
        ctx.metadata().put("intelligent_route.kind", "inference_model");
        ctx.metadata().put("intelligent_route.name", "gpt-4o");
        HeaderMap h = new HeaderMap();
        h.set("content-type", contentType);
        filter.onResponse(ctx, new ResponseHead(status, h, false));
        return ctx;
    }

    @Test
    void theFirstNonEmptyPieceOfAStreamIsMeasuredFromArrival() {
        RequestContext ctx = respond(200, "text/event-stream; charset=utf-8");
        assertThat(filter.onResponseBody(ctx, BodyChunk.of(new byte[0], false))).isEqualTo(FilterAction.CONTINUE);
        GenAiExchange exchange = ctx.extensions().get(GenAiExchange.KEY).orElseThrow();
        assertThat(exchange.firstTokenNanos()).as("an empty piece is no token").isEqualTo(-1);
        assertThat(filter.onResponseBody(ctx, BodyChunk.of("data: x\n\n".getBytes(StandardCharsets.UTF_8), false)))
                .as("disarmed after the sample").isEqualTo(FilterAction.BODY_DONE);
        assertThat(exchange.firstTokenNanos()).as("the request arrived 250 ms ago")
                .isBetween(250_000_000L, 30_000_000_000L);
        assertThat(exchange.modelLabel()).isEqualTo("gpt-4o");
    }

    @Test
    void jsonAndErrorAnswersGiveNoSample() {
        for (RequestContext ctx : new RequestContext[] {respond(200, "application/json"),
            respond(503, "text/event-stream")}) {
            assertThat(filter.onResponseBody(ctx, BodyChunk.of(new byte[] {1}, true))).isEqualTo(FilterAction.BODY_DONE);
            assertThat(ctx.extensions().get(GenAiExchange.KEY)).isEmpty();
        }
    }

    @Test
    void takesNoKeys() {
        assertThat(String.join("\n", AiFixtures.build(new TimeToFirstTokenFactory(), "buckets: [1]").refused()))
                .contains(AT + "buckets");
    }
}
