package io.jpraxis.filters.payload.jsonbodyfield;

import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldConfig.FieldMapping;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shared body hook: overwrite by default, keep a request's own header when asked. */
class BodyFieldPromotionTest {
    private final BodyFieldPromotion promotion =
            new BodyFieldPromotion(List.of(new FieldMapping("model", "X-Model")), "model_to_header");

    private static BodyChunk body(String json) {
        return BodyChunk.of(json.getBytes(StandardCharsets.UTF_8), true);
    }

    @Test
    void overwritesAnExistingHeaderAndPublishesUnderTheGivenFilterType() {
        RequestContext ctx = request("/v1/chat", "X-Model", "forged");

        promotion.promote(ctx, body("{\"model\":\"gpt-4o\"}"), false);

        assertThat(ctx.headers().getAll("x-model")).containsExactly("gpt-4o");
        assertThat(ctx.results().get("model_to_header", "model")).contains("gpt-4o");
    }

    @Test
    void keepsTheRequestsOwnHeaderWhenAskedAndSetsItWhenAbsent() {
        RequestContext kept = request("/v1/chat", "X-Model", "from-a-trusted-hop");
        promotion.promote(kept, body("{\"model\":\"gpt-4o\"}"), true);
        assertThat(kept.headers().getAll("x-model")).as("never compared with the body").containsExactly(
                "from-a-trusted-hop");

        RequestContext absent = request("/v1/chat");
        promotion.promote(absent, body("{\"model\":\"gpt-4o\"}"), true);
        assertThat(absent.headers().get("x-model")).isEqualTo("gpt-4o");
    }

    @Test
    void noModelLeavesTheHeaderAbsent() {
        RequestContext ctx = request("/v1/chat");
        promotion.promote(ctx, body("{\"prompt\":\"hi\"}"), false);
        assertThat(ctx.headers().contains("x-model")).isFalse();
        assertThat(promotion.targetHeaders()).containsExactly("x-model");
    }
}
