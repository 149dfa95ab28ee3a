package io.jpraxis.filters.observe.requestid;

import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import org.junit.jupiter.api.Test;

/** {@code FilterFixtures} requests carry the generated id {@code req-1}. */
class RequestIdFilterTest {
    private final RequestIdFilter filter = new RequestIdFilter(new RequestIdConfig("X-Request-ID"));

    private String echoed(RequestContext ctx) {
        ResponseHead head = new ResponseHead(200, new HeaderMap(), false);
        filter.onResponse(ctx, head);
        return head.headers().get("x-request-id");
    }

    @Test
    void missingIdIsSetToTheGeneratedOneAndEchoed() {
        RequestContext ctx = request("/");
        filter.onRequest(ctx);
        assertThat(ctx.headers().get("x-request-id")).as("sent upstream").isEqualTo("req-1");
        assertThat(ctx.requestId()).isEqualTo("req-1");
        assertThat(echoed(ctx)).isEqualTo("req-1");
    }

    @Test
    void validClientIdIsKeptAndBecomesTheEffectiveId() {
        RequestContext ctx = request("/", "X-Request-ID", "client-42.abc");
        filter.onRequest(ctx);
        assertThat(ctx.headers().getAll("x-request-id")).containsExactly("client-42.abc");
        assertThat(ctx.requestId()).as("later filters and logs see the client's id").isEqualTo("client-42.abc");
        assertThat(echoed(ctx)).isEqualTo("client-42.abc");
    }

    @Test
    void invalidClientIdIsReplaced() {
        for (String bad : new String[] {"has space", "quote\"d", "", "x".repeat(129), "a,b"}) {
            RequestContext ctx = request("/", "x-request-id", bad);
            filter.onRequest(ctx);
            assertThat(ctx.headers().getAll("x-request-id")).as(bad).containsExactly("req-1");
            assertThat(ctx.requestId()).as(bad).isEqualTo("req-1");
        }
    }

    @Test
    void longestAllowedIdIsKept() {
        String longest = "x".repeat(RequestIdFilter.MAX_LENGTH);
        RequestContext ctx = request("/", "x-request-id", longest);
        filter.onRequest(ctx);
        assertThat(ctx.requestId()).isEqualTo(longest);
    }

    @Test
    void repeatedIdHeaderIsReplacedByOneLine() {
        RequestContext ctx = request("/", "x-request-id", "a", "x-request-id", "b");
        filter.onRequest(ctx);
        assertThat(ctx.headers().getAll("x-request-id")).as("ambiguous: neither client value is trusted")
                .containsExactly("req-1");
    }

    @Test
    void customHeaderNameIsReadAndEchoed() {
        RequestIdFilter custom = new RequestIdFilter(new RequestIdConfig("X-Correlation-ID"));
        RequestContext ctx = request("/", "x-correlation-id", "corr-1");
        custom.onRequest(ctx);
        ResponseHead head = new ResponseHead(200, new HeaderMap(), false);
        custom.onResponse(ctx, head);
        assertThat(head.headers().get("x-correlation-id")).isEqualTo("corr-1");
        assertThat(head.headers().contains("x-request-id")).as("only the configured header").isFalse();
    }
}
