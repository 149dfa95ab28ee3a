package io.jpraxis.filters.payload.jsonbody;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The runtime rules of docs/reference/filters/json_body.md#runtime, hook by hook. */
class JsonBodyFilterTest {

    private static HttpFilter filter(String yaml) {
        return build(new JsonBodyFactory(Map.of("TENANT", "acme")::get), yaml).accepted();
    }

    private static String text(BodyChunk chunk) {
        BodyChunk out = chunk.replaced() != null ? chunk.replaced() : chunk;
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    /** Runs the request hook over {@code json} in one piece; returns what goes upstream. */
    private static String onRequest(HttpFilter f, RequestContext ctx, String json) {
        BodyChunk body = BodyChunk.of(json.getBytes(StandardCharsets.UTF_8), true);
        assertThat(f.onRequestBody(ctx, body)).as("done once the whole body is there").isEqualTo(FilterAction.BODY_DONE);
        return text(body);
    }

    @Test
    void extractsRunOnTheOriginalAndFeedAddsAndReplaces() {
        HttpFilter f = filter("""
                request_extract:
                  - {pointer: /model, metadata: original.model}
                request_add:
                  - {pointer: /original_model, metadata: original.model}
                  - {pointer: /tenant, env_var: TENANT}
                request_replace:
                  - {pointer: /model, value: forced}
                request_remove: [/password]
                """);
        RequestContext ctx = request("/v1");

        String out = onRequest(f, ctx, "{\"model\":\"old\", \"password\":\"x\", \"n\":1.50}");

        assertThat(out).as("replaced, removed, added; the number keeps its spelling")
                .isEqualTo("{\"model\":\"forced\",\"n\":1.50,\"original_model\":\"old\",\"tenant\":\"acme\"}");
        assertThat(ctx.metadata().get("original.model")).isEqualTo("old");
    }

    @Test
    void extractOnlyNeverChangesAByteAndKeepsTheLastMatch() {
        HttpFilter f = filter("""
                request_extract:
                  - {pointer: /user/id, header: X-User}
                  - {pointer: /user, structured_metadata: {namespace: req, key: user}}
                """);
        RequestContext ctx = request("/v1");
        String json = "{ \"user\": {\"id\": \"u1\"},  \"user\": {\"id\": \"u2\", \"tags\": [1, 2]} }";
        BodyChunk body = BodyChunk.of(json.getBytes(StandardCharsets.UTF_8), true);

        assertThat(f.onRequestBody(ctx, body)).isEqualTo(FilterAction.BODY_DONE);

        assertThat(body.replaced()).as("read-only: the bytes (and any signature) stay as sent").isNull();
        assertThat(ctx.headers().get("x-user")).as("the last of duplicate members wins").isEqualTo("u2");
        assertThat(JsonDocCodec.text(StructuredMetadata.find(ctx).orElseThrow().get("req", "user").orElseThrow()))
                .isEqualTo("{\"id\":\"u2\",\"tags\":[1,2]}");
    }

    @Test
    void removeDropsEveryMatchAndReplaceRewritesEveryMatch() {
        HttpFilter f = filter("""
                request_remove: [/secret]
                request_replace: [{pointer: /v, value: 0}]
                """);

        String out = onRequest(f, request("/"), "{\"secret\":1,\"v\":1,\"secret\":2,\"v\":2}");

        assertThat(out).isEqualTo("{\"v\":0,\"v\":0}");
    }

    @Test
    void addInsertsWhenAbsentOverwritesWhenPresentAndAppendsWithDash() {
        HttpFilter f = filter("""
                request_add:
                  - {pointer: /a, value: {x: [1, true, null]}}
                  - {pointer: /b, value: new}
                  - {pointer: /list/-, value: 3}
                  - {pointer: /missing/child, value: 1}
                  - {pointer: /obj/-, value: dash}
                """);

        String out = onRequest(f, request("/"), "{\"b\":\"old\",\"list\":[1,2],\"obj\":{}}");

        assertThat(out).as("missing parents skip; - is a plain name in an object")
                .isEqualTo("{\"b\":\"new\",\"list\":[1,2,3],\"obj\":{\"-\":\"dash\"},\"a\":{\"x\":[1,true,null]}}");
    }

    @Test
    void pointersAddressTheBodyAsItArrived() {
        HttpFilter f = filter("""
                request_remove: [/a/0]
                request_replace: [{pointer: /a/1, value: B}]
                """);

        assertThat(onRequest(f, request("/"), "{\"a\":[\"x\",\"y\",\"z\"]}")).as("/a/1 is still y, not z")
                .isEqualTo("{\"a\":[\"B\",\"z\"]}");
    }

    @Test
    void missingTargetsAndSourcesSkipTheOperationAndLeaveTheBytes() {
        HttpFilter f = filter("""
                request_replace: [{pointer: /absent, value: 1}]
                request_add: [{pointer: /m, metadata: not.there}]
                """);

        assertThat(onRequest(f, request("/"), "{ \"keep\" : 1 }")).as("nothing changed: sent as it came")
                .isEqualTo("{ \"keep\" : 1 }");
    }

    @Test
    void flatValuesOver256BytesAndHeaderValuesWithControlCharactersAreNotStored() {
        HttpFilter f = filter("""
                request_extract:
                  - {pointer: /long, metadata: long}
                  - {pointer: /ctl, header: X-Ctl}
                  - {pointer: /num, header: X-Num}
                """);
        RequestContext ctx = request("/");

        onRequest(f, ctx, "{\"long\":\"" + "a".repeat(257) + "\",\"ctl\":\"a\\nb\",\"num\":42}");

        assertThat(ctx.metadata().get("long")).as("over 256 bytes").isNull();
        assertThat(ctx.headers().get("x-ctl")).as("a decoded newline would inject a header line").isNull();
        assertThat(ctx.headers().get("x-num")).as("non-strings as JSON text").isEqualTo("42");
    }

    @Test
    void contentAfterTheDocumentBlocksExtracts() {
        HttpFilter f = filter("request_extract: [{pointer: /a, metadata: a}]\n");
        RequestContext ctx = request("/");

        onRequest(f, ctx, "{\"a\":\"1\"} {\"a\":\"2\"}");

        assertThat(ctx.metadata().get("a")).isNull();
    }

    @Test
    void invalidBodiesFollowOnInvalid() {
        String ops = "request_remove: [/a]\n";
        String bad = "{not json";

        assertThat(onRequest(filter(ops), request("/"), bad)).as("continue: passed on unchanged").isEqualTo(bad);
        BodyChunk body = BodyChunk.of(bad.getBytes(StandardCharsets.UTF_8), true);
        assertThat(filter(ops + "on_invalid: reject\n").onRequestBody(request("/"), body)).as("reject: 400")
                .isInstanceOfSatisfying(FilterAction.Reject.class, r -> assertThat(r.status()).isEqualTo(400));
        assertThat(filter(ops + "on_invalid: error\n").onRequestBody(request("/"), body)).as("error: failure_mode")
                .isInstanceOf(FilterAction.Fail.class);
    }

    @Test
    void contentTypesLimitTheBodiesWorkedOn() {
        HttpFilter f = filter("request_remove: [/a]\ncontent_types: [application/json]\n");
        BodyChunk body = BodyChunk.of("{\"a\":1}".getBytes(StandardCharsets.UTF_8), true);

        assertThat(f.onRequestBody(request("/", "content-type", "text/plain"), body)).isEqualTo(FilterAction.BODY_DONE);
        assertThat(body.replaced()).as("not a listed type: untouched").isNull();
        assertThat(onRequest(f, request("/", "content-type", "Application/JSON; charset=utf-8"), "{\"a\":1}"))
                .isEqualTo("{}");
    }

    @Test
    void responseRemovalRewritesTheWholeBodyAcrossPieces() {
        HttpFilter f = filter("response_remove: [/internal]\nresponse_extract: [{pointer: /id, metadata: id}]\n");
        RequestContext ctx = request("/");
        HeaderMap headers = new HeaderMap();
        headers.set("content-type", "application/json");
        f.onResponse(ctx, new ResponseHead(200, headers, false));
        BodyChunk first = BodyChunk.of("{\"id\":\"r1\",\"inter".getBytes(StandardCharsets.UTF_8), false);
        BodyChunk last = BodyChunk.of("nal\":true}".getBytes(StandardCharsets.UTF_8), true);

        assertThat(f.onResponseBody(ctx, first)).as("withheld until the end").isEqualTo(FilterAction.CONTINUE);
        assertThat(f.onResponseBody(ctx, last)).isEqualTo(FilterAction.BODY_DONE);

        assertThat(first.replaced().length()).as("the first piece goes out empty").isZero();
        assertThat(text(last)).isEqualTo("{\"id\":\"r1\"}");
        assertThat(ctx.metadata().get("id")).isEqualTo("r1");
    }

    @Test
    void anEncodedResponseIsLeftAlone() {
        HttpFilter f = filter("response_remove: [/internal]\n");
        RequestContext ctx = request("/");
        HeaderMap headers = new HeaderMap();
        headers.set("content-encoding", "gzip");
        f.onResponse(ctx, new ResponseHead(200, headers, false));
        BodyChunk body = BodyChunk.of(new byte[] {31, -117, 8}, true);

        assertThat(f.onResponseBody(ctx, body)).isEqualTo(FilterAction.BODY_DONE);
        assertThat(body.replaced()).isNull();
    }

    @Test
    void anEmptyBodyIsPassedOn() {
        HttpFilter f = filter("request_remove: [/a]\non_invalid: reject\n");
        BodyChunk body = BodyChunk.of(ByteBuffer.allocate(0).array(), true);

        assertThat(f.onRequestBody(request("/"), body)).as("no body is not an invalid body")
                .isEqualTo(FilterAction.BODY_DONE);
    }
}
