package io.jpraxis.filters.payload.jsonbodyfield;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.support.json.TopLevelFields;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * top-level fields to headers and results; anything unusable promotes nothing (see
 * docs/behaviour/body-access.md#promoting-json-fields).
 */
class JsonBodyFieldFilterTest {
    private final HttpFilter filter = build(new JsonBodyFieldFactory(), """
            fields:
              - {field: model, header: X-Model}
              - {field: tier, header: X-Tier}
            """).accepted();

    private static BodyChunk body(String json) {
        return BodyChunk.of(json.getBytes(StandardCharsets.UTF_8), true);
    }

    private RequestContext promote(String json) {
        RequestContext ctx = request("/v1/chat");
        assertThat(filter.onRequestBody(ctx, body(json))).as("done after the whole body")
                .isEqualTo(FilterAction.BODY_DONE);
        return ctx;
    }

    private static String result(RequestContext ctx, String key) {
        return ctx.results().get("json_body_field", key).orElse(null);
    }

    @Test
    void promotesStringFieldsToHeadersAndResults() {
        RequestContext ctx = promote("{\"prompt\":\"hi\",\"model\":\"gpt-x\",\"tier\":\"gold\"}");

        assertThat(ctx.headers().get("x-model")).isEqualTo("gpt-x");
        assertThat(ctx.headers().get("x-tier")).isEqualTo("gold");
        assertThat(result(ctx, "model")).as("published keyed by the JSON field name").isEqualTo("gpt-x");
        assertThat(result(ctx, "tier")).isEqualTo("gold");
    }

    @Test
    void otherValuesAreTheirJsonText() {
        RequestContext ctx = promote("{\"model\":42,\"tier\":{\"name\":\"gold\",\"n\":[1,true,null]}}");

        assertThat(ctx.headers().get("x-model")).isEqualTo("42");
        assertThat(ctx.headers().get("x-tier")).isEqualTo("{\"name\":\"gold\",\"n\":[1,true,null]}");
        assertThat(promote("{\"model\":true,\"tier\":null}").headers().getAll("x-tier")).containsExactly("null");
    }

    @Test
    void aMissingFieldSetsNothingAndTheOthersStillGo() {
        RequestContext ctx = promote("{\"model\":\"m\",\"nested\":{\"tier\":\"not-top-level\"}}");

        assertThat(ctx.headers().get("x-model")).isEqualTo("m");
        assertThat(ctx.headers().contains("x-tier")).as("only top-level fields count").isFalse();
        assertThat(result(ctx, "tier")).isNull();
    }

    @Test
    void theFirstOfRepeatedKeysWins() {
        assertThat(promote("{\"model\":\"first\",\"model\":\"second\",\"tier\":\"t\"}").headers().get("x-model"))
                .isEqualTo("first");
    }

    @Test
    void unusableBodiesPromoteNothing() {
        for (String body : List.of("", "not json", "[{\"model\":\"m\"}]", "\"model\"", "{\"model\":\"m\",",
                "{\"model\":\"m\"} trailing", "{\"model\": }")) {
            RequestContext ctx = promote(body);
            assertThat(ctx.headers().contains("x-model")).as("body %s", body).isFalse();
            assertThat(ctx.results().isEmpty()).as("body %s", body).isTrue();
        }
    }

    @Test
    void readingStopsOnceEveryFieldWasFound() {
        RequestContext ctx = promote("{\"model\":\"m\",\"tier\":\"t\", this is never read");

        assertThat(ctx.headers().get("x-model")).as("what follows the fields is not validated").isEqualTo("m");
    }

    @Test
    void aValueThatIsNoSafeHeaderIsNotPromotedButStillPublishedWhenItMayBe() {
        RequestContext ctx = promote("{\"model\":\"line\\r\\nX-Evil: 1\",\"tier\":\"caf\\u00e9\"}");

        assertThat(ctx.headers().contains("x-model")).as("no header injection").isFalse();
        assertThat(result(ctx, "model")).as("control characters break the result rules too").isNull();
        assertThat(ctx.headers().contains("x-tier")).as("a header carries ASCII only").isFalse();
        assertThat(result(ctx, "tier")).isEqualTo("café");
    }

    @Test
    void aValueOverTheResultLimitIsPromotedButNotPublished() {
        String longModel = "m".repeat(300);
        RequestContext ctx = promote("{\"model\":\"" + longModel + "\"}");

        assertThat(ctx.headers().get("x-model")).isEqualTo(longModel);
        assertThat(result(ctx, "model")).as("values over 256 bytes are not published (docs/behaviour/body-access.md#promoting-json-fields)").isNull();
    }

    @Test
    void readsABodySplitOverSeveralBuffers() {
        RequestContext ctx = request("/");
        BodyChunk split = BodyChunk.of(List.of(ByteBuffer.wrap("{\"mo".getBytes(StandardCharsets.UTF_8)),
                ByteBuffer.wrap("del\":\"split\"}".getBytes(StandardCharsets.UTF_8))), true);

        filter.onRequestBody(ctx, split);

        assertThat(ctx.headers().get("x-model")).isEqualTo("split");
    }

    @Test
    void waitsForTheEndOfTheBody() {
        RequestContext ctx = request("/");
        assertThat(filter.onRequestBody(ctx, BodyChunk.of("{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8),
                false))).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.headers().contains("x-model")).isFalse();
    }

    @Test
    void deepNestingIsNotReadButDoesNotFailTheRequest() {
        String deep = "[".repeat(TopLevelFields.MAX_NESTING_DEPTH + 10) + "]".repeat(TopLevelFields.MAX_NESTING_DEPTH + 10);
        RequestContext ctx = promote("{\"other\":" + deep + ",\"model\":\"m\"}");

        assertThat(ctx.headers().contains("x-model")).isFalse();
    }
}
