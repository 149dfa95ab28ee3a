package io.jpraxis.filters.payload.jsonrpc;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What json_rpc promotes from each kind of body (see docs/reference/filters/json_rpc.md#what-it-publishes). */
class JsonRpcFilterTest {
    private static final HttpFilter DEFAULTS = build(new JsonRpcFactory(), "{}\n").accepted();

    private static FilterAction run(HttpFilter f, RequestContext ctx, String json) {
        return f.onRequestBody(ctx, BodyChunk.of(json.getBytes(StandardCharsets.UTF_8), true));
    }

    private static String result(RequestContext ctx, String key) {
        return ctx.results().get("json_rpc", key).orElse(null);
    }

    @Test
    void aRequestIsPromotedToHeadersAndResults() {
        RequestContext ctx = request("/mcp/");

        assertThat(run(DEFAULTS, ctx, "{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\",\"params\":{}}"))
                .isEqualTo(FilterAction.BODY_DONE);

        assertThat(ctx.headers().get("x-json-rpc-method")).isEqualTo("tools/call");
        assertThat(ctx.headers().get("x-json-rpc-id")).isEqualTo("42");
        assertThat(ctx.headers().get("x-json-rpc-kind")).isEqualTo("request");
        assertThat(result(ctx, "kind")).isEqualTo("request");
        assertThat(result(ctx, "method")).isEqualTo("tools/call");
        assertThat(result(ctx, "id")).isEqualTo("42");
        assertThat(result(ctx, "id_kind")).isEqualTo("integer");
        assertThat(result(ctx, "batch_len")).isNull();
    }

    @Test
    void notificationsResponsesAndIdKinds() {
        RequestContext note = request("/");
        run(DEFAULTS, note, "{\"jsonrpc\":\"2.0\",\"method\":\"notify\"}");
        assertThat(result(note, "kind")).isEqualTo("notification");
        assertThat(result(note, "id_kind")).isEqualTo("missing");
        assertThat(note.headers().get("x-json-rpc-id")).isNull();

        RequestContext response = request("/");
        run(DEFAULTS, response, "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":1}");
        assertThat(result(response, "kind")).isEqualTo("response");
        assertThat(result(response, "id_kind")).isEqualTo("string");
        assertThat(result(response, "method")).isNull();

        RequestContext nullId = request("/");
        run(DEFAULTS, nullId, "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"m\"}");
        assertThat(result(nullId, "kind")).as("a null id is still an id").isEqualTo("request");
        assertThat(result(nullId, "id")).isEqualTo("null");

        RequestContext fraction = request("/");
        run(DEFAULTS, fraction, "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"m\"}");
        assertThat(result(fraction, "id_kind")).isEqualTo("number");
    }

    @Test
    void batchesAreRefusedOrPromoteTheirFirstValidMessage() {
        String batch = "[{\"jsonrpc\":\"1.0\"},{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"second\"},{}]";
        assertThat(run(DEFAULTS, request("/"), batch)).as("batch_policy: reject")
                .isInstanceOfSatisfying(FilterAction.Reject.class, r -> assertThat(r.status()).isEqualTo(400));

        HttpFilter first = build(new JsonRpcFactory(), "batch_policy: first\n").accepted();
        RequestContext ctx = request("/");
        run(first, ctx, batch);
        assertThat(result(ctx, "kind")).isEqualTo("batch");
        assertThat(result(ctx, "method")).isEqualTo("second");
        assertThat(result(ctx, "batch_len")).isEqualTo("3");
        assertThat(run(first, request("/"), "[]")).as("an empty batch is always refused")
                .isInstanceOf(FilterAction.Reject.class);
    }

    @Test
    void invalidBodiesFollowOnInvalid() {
        for (String bad : new String[] {"not json", "{\"jsonrpc\":\"1.0\",\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1}", "{\"jsonrpc\":\"2.0\",\"method\":5}",
            "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"m\"}", "{\"plain\":1}"}) {
            RequestContext ctx = request("/");
            assertThat(run(DEFAULTS, ctx, bad)).as("continue: " + bad).isEqualTo(FilterAction.BODY_DONE);
            assertThat(ctx.headers().get("x-json-rpc-kind")).as("nothing promoted: " + bad).isNull();
            assertThat(run(build(new JsonRpcFactory(), "on_invalid: reject\n").accepted(), request("/"), bad))
                    .as("reject: " + bad).isInstanceOf(FilterAction.Reject.class);
            assertThat(run(build(new JsonRpcFactory(), "on_invalid: error\n").accepted(), request("/"), bad))
                    .as("error: " + bad).isInstanceOf(FilterAction.Fail.class);
        }
    }

    @Test
    void controlCharactersNeverReachAHeader() {
        RequestContext ctx = request("/");

        run(DEFAULTS, ctx, "{\"jsonrpc\":\"2.0\",\"id\":\"a\\r\\nX-Evil: 1\",\"method\":\"m\\n\"}");

        assertThat(ctx.headers().get("x-json-rpc-method")).isNull();
        assertThat(ctx.headers().get("x-json-rpc-id")).isNull();
        assertThat(result(ctx, "method")).isNull();
        assertThat(ctx.headers().get("x-json-rpc-kind")).as("the kind is always safe").isEqualTo("request");
    }

    @Test
    void onlyTheHeadersNamedInTheBlockAreSet() {
        HttpFilter f = build(new JsonRpcFactory(), "headers:\n  method: X-Rpc-Method\n  kind: null\n").accepted();
        RequestContext ctx = request("/");

        run(f, ctx, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"}");

        assertThat(ctx.headers().get("x-rpc-method")).isEqualTo("m");
        assertThat(ctx.headers().get("x-json-rpc-id")).as("left out of the block").isNull();
        assertThat(ctx.headers().get("x-json-rpc-kind")).as("null").isNull();
        assertThat(result(ctx, "id")).as("results do not depend on headers").isEqualTo("1");
    }
}
