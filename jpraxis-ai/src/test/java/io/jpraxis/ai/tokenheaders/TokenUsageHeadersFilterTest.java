package io.jpraxis.ai.tokenheaders;

import static io.jpraxis.ai.testing.AiFixtures.AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import org.junit.jupiter.api.Test;

/** {@code token_usage_headers} (see docs/reference/filters/token_usage_headers.md). */
class TokenUsageHeadersFilterTest {
    private final HttpFilter filter = AiFixtures.build(new TokenUsageHeadersFactory(), "{}").accepted();

    private HeaderMap respond(RequestContext ctx, String... upstreamHeaders) {
        HeaderMap h = new HeaderMap();
        for (int i = 0; i < upstreamHeaders.length; i += 2) {
            h.add(upstreamHeaders[i], upstreamHeaders[i + 1]);
        }
        filter.onResponse(ctx, new ResponseHead(200, h, false));
        return h;
    }

    @Test
    void allThreeCountsBecomeHeaders() {
        RequestContext ctx = AiFixtures.request("/invoke");
        ctx.metadata().put("token.input", "17");
        ctx.metadata().put("token.output", "4");
        ctx.metadata().put("token.total", "18446744073709551615");
        HeaderMap h = respond(ctx, "Praxis-Token-Input", "999");
        assertThat(h.getAll("praxis-token-input")).as("the upstream's copy replaced").containsExactly("17");
        assertThat(h.get("praxis-token-output")).isEqualTo("4");
        assertThat(h.get("praxis-token-total")).as("u64 max renders").isEqualTo("18446744073709551615");
        assertThat(h.contains("praxis-token-status")).isFalse();
    }

    @Test
    void partialMetadataSetsNothingAndUpstreamCopiesAreRemoved() {
        RequestContext ctx = AiFixtures.request("/invoke");
        ctx.metadata().put("token.input", "17");
        HeaderMap h = respond(ctx, "Praxis-Token-Input", "999", "Praxis-Token-Status", "forged");
        assertThat(h.contains("praxis-token-input")).as("an origin's numbers never pass as the gateway's").isFalse();
        assertThat(h.contains("praxis-token-status")).isFalse();
    }

    @Test
    void anInvalidValueIsSkippedAlone() {
        RequestContext ctx = AiFixtures.request("/invoke");
        ctx.metadata().put("token.input", "17");
        ctx.metadata().put("token.output", "four");
        ctx.metadata().put("token.total", "21");
        HeaderMap h = respond(ctx);
        assertThat(h.get("praxis-token-input")).isEqualTo("17");
        assertThat(h.contains("praxis-token-output")).isFalse();
        assertThat(h.get("praxis-token-total")).isEqualTo("21");
    }

    @Test
    void theOverflowStatusIsShown() {
        RequestContext ctx = AiFixtures.request("/invoke");
        ctx.metadata().put("token.status", "overflow");
        assertThat(respond(ctx).get("praxis-token-status")).isEqualTo("overflow");
    }

    @Test
    void takesNoKeysAndReadsTokenUsage() {
        assertThat(String.join("\n", AiFixtures.build(new TokenUsageHeadersFactory(), "prefix: X-").refused()))
                .contains(AT + "prefix");
        assertThat(AiFixtures.build(new TokenUsageHeadersFactory(), "{}").declared().traits())
                .contains(FilterTrait.READS_TOKEN_USAGE);
    }
}
