package io.jpraxis.filters.transform.headers;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import org.junit.jupiter.api.Test;

class HeadersFilterTest {

    private static HttpFilter headers(String yaml) {
        return build(new HeadersFactory(), yaml).accepted();
    }

    @Test
    void requestMutationsApplyRemoveThenSetThenAdd() {
        HttpFilter f = headers("""
                request_add:
                  - {name: x-trace, value: added}
                request_set:
                  - {name: x-trace, value: set}
                request_remove: [x-trace, x-secret]
                """);
        RequestContext ctx = request("/", "x-trace", "client", "x-secret", "s3cr3t", "accept", "*/*");
        assertThat(f.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.headers().getAll("x-trace"))
                .as("remove drops the client's, set writes, add then joins onto the set value")
                .containsExactly("set, added");
        assertThat(ctx.headers().contains("x-secret")).isFalse();
        assertThat(ctx.headers().get("accept")).isEqualTo("*/*");
    }

    @Test
    void requestAddJoinsOntoAHeaderAlreadyPresent() {
        HttpFilter f = headers("""
                request_add:
                  - {name: Via, value: jpraxis}
                """);
        RequestContext ctx = request("/", "via", "1.1 edge", "via", "1.1 cdn");
        f.onRequest(ctx);
        assertThat(ctx.headers().getAll("via")).as("existing lines combined in order, new value appended")
                .containsExactly("1.1 edge, 1.1 cdn, jpraxis");
    }

    @Test
    void requestAddForANewNameAddsOneLinePerValue() {
        HttpFilter f = headers("""
                request_add:
                  - {name: x-tag, value: a}
                  - {name: x-other, value: o}
                  - {name: X-Tag, value: b}
                """);
        RequestContext ctx = request("/");
        f.onRequest(ctx);
        assertThat(ctx.headers().getAll("x-tag")).as("each configured value is its own line, in config order")
                .containsExactly("a", "b");
        assertThat(ctx.headers().get("x-other")).isEqualTo("o");
    }

    @Test
    void responseMutationsApplyRemoveThenAddThenSet() {
        HttpFilter f = headers("""
                response_set:
                  - {name: server, value: jpraxis}
                response_add:
                  - {name: x-frame-options, value: DENY}
                  - {name: server, value: appended}
                response_remove: [x-backend, server]
                """);
        HeaderMap upstream = new HeaderMap().add("server", "nginx").add("x-backend", "10.0.0.7")
                .add("x-frame-options", "SAMEORIGIN");
        ResponseHead head = new ResponseHead(200, upstream, false);
        assertThat(f.onResponse(request("/"), head)).isEqualTo(FilterAction.CONTINUE);
        assertThat(head.headers().getAll("server")).as("set runs last and replaces the appended line")
                .containsExactly("jpraxis");
        assertThat(head.headers().getAll("x-frame-options")).as("add appends a line")
                .containsExactly("SAMEORIGIN", "DENY");
        assertThat(head.headers().contains("x-backend")).isFalse();
    }

    @Test
    void anEntryWithoutMutationsChangesNothing() {
        HttpFilter f = headers("{}\n");
        RequestContext ctx = request("/", "a", "1");
        f.onRequest(ctx);
        HeaderMap response = new HeaderMap().add("b", "2");
        f.onResponse(ctx, new ResponseHead(204, response, false));
        assertThat(ctx.headers().toString()).isEqualTo("{a: 1}");
        assertThat(response.toString()).isEqualTo("{b: 2}");
        assertThat(((HeadersConfig) f.config()).mutatesNothing()).isTrue();
    }

    @Test
    void configRecordKeepsEveryList() {
        HeadersConfig config = (HeadersConfig) headers("""
                request_add: [{name: a, value: "1"}]
                request_set: [{name: b, value: "2"}]
                request_remove: [c]
                response_add: [{name: d, value: "4"}]
                response_set: [{name: e, value: "5"}]
                response_remove: [f]
                """).config();
        assertThat(config.requestAdd()).extracting(h -> h.name() + "=" + h.value()).containsExactly("a=1");
        assertThat(config.requestSet()).extracting(h -> h.name() + "=" + h.value()).containsExactly("b=2");
        assertThat(config.requestRemove()).containsExactly("c");
        assertThat(config.responseAdd()).extracting(h -> h.name() + "=" + h.value()).containsExactly("d=4");
        assertThat(config.responseSet()).extracting(h -> h.name() + "=" + h.value()).containsExactly("e=5");
        assertThat(config.responseRemove()).containsExactly("f");
    }

    @Test
    void declaresAResponseHookOnlyWithResponseRules() {
        assertThat(declarationOf(headers("request_set: [{name: x-a, value: \"1\"}]")).responseHook())
                .as("request rules only: the edge may skip the response view").isFalse();
        assertThat(declarationOf(headers("response_remove: [server]")).responseHook()).isTrue();
    }
}
