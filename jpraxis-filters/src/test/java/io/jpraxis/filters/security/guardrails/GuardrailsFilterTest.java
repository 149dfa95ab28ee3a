package io.jpraxis.filters.security.guardrails;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GuardrailsFilterTest {
    private static final String CARD = "4111 1111 1111 1111";

    private static HttpFilter filter(String yaml) {
        return build(new GuardrailsFactory(), yaml).accepted();
    }

    private static BodyChunk body(String text) {
        return BodyChunk.of(text.getBytes(StandardCharsets.UTF_8), true);
    }

    private static Optional<String> status(RequestContext ctx) {
        return ctx.results().get("guardrails", "status");
    }

    private static void assertRejected(FilterAction action, int status) {
        assertThat(action).isInstanceOfSatisfying(FilterAction.Reject.class,
                r -> assertThat(r.status()).isEqualTo(status));
    }

    @Test
    void aBodyCarryingACardNumberIsRefusedWithoutEchoingIt() {
        HttpFilter f = filter("rules: [{target: body, contains: [credit_card, ssn]}]\n");
        RequestContext ctx = request("/");
        FilterAction action = f.onRequestBody(ctx, body("{\"card\": \"" + CARD + "\"}"));
        assertRejected(action, 403);
        assertThat(((FilterAction.Reject) action).reason()).as("the refusal names the rule, not the secret")
                .contains("rules[0]").doesNotContain("4111");
        assertThat(status(ctx)).contains("blocked");
    }

    @Test
    void aCleanBodyAndHeadersPass() {
        HttpFilter f = filter("rules: [{target: body, contains: [credit_card]}, {target: header, name: x-a, "
                + "contains: evil}]\n");
        RequestContext ctx = request("/", "x-a", "good");
        assertThat(f.onRequestBody(ctx, body("order 12"))).isEqualTo(FilterAction.BODY_DONE);
        assertThat(f.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(status(ctx)).contains("passed");
    }

    @Test
    void literalsMatchWithoutRegardToCaseAndRegexesFindAnywhere() {
        HttpFilter f = filter("rules: [{target: body, contains: EvilMonkey}, {target: header, name: User-Agent, "
                + "pattern: 'bad-bot.*'}]\n");
        assertRejected(f.onRequestBody(request("/"), body("an evilmonkey payload")), 403);
        assertRejected(f.onRequest(request("/", "user-agent", "curl bad-bot/1.0")), 403);
        assertThat(f.onRequest(request("/", "user-agent", "good-bot"))).isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void aNegatedHeaderRuleTriggersWhenTheHeaderIsAbsent() {
        HttpFilter f = filter("rules: [{target: header, name: X-Authorized, contains: trusted, negate: true}]\n");
        assertRejected(f.onRequest(request("/")), 403);
        assertRejected(f.onRequest(request("/", "x-authorized", "nobody")), 403);
        assertThat(f.onRequest(request("/", "x-authorized", "TRUSTED-client"))).isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void headerRulesScanEveryValue() {
        HttpFilter f = filter("rules: [{target: header, name: x-tag, contains: evil}]\n");
        assertRejected(f.onRequest(request("/", "x-tag", "fine", "x-tag", "evil")), 403);
    }

    @Test
    void aNegatedBodyRuleTriggersOnAnUnmatchedBody() {
        HttpFilter f = filter("rules: [{target: body, pattern: '^\\{.*\\}$', negate: true}]\n");
        assertRejected(f.onRequestBody(request("/"), body("not json")), 403);
        assertThat(f.onRequestBody(request("/"), body("{\"k\":\"v\"}"))).isEqualTo(FilterAction.BODY_DONE);
    }

    @Test
    void aBodyThatIsNotUtf8IsBlocked() {
        HttpFilter f = filter("rules: [{target: body, contains: never-there}]\n");
        assertRejected(f.onRequestBody(request("/"), BodyChunk.of(new byte[] {'a', (byte) 0xff, 'b'}, true)), 403);
    }

    @Test
    void aHeaderValueThatIsNotUtf8FailsClosedAgainstANonAsciiRule() {
        HttpFilter f = filter("rules: [{target: header, name: x-name, contains: 'müller'}]\n");
        String latin1 = "m\u00fcller"; // one byte 0xfc, as the edge would hold a Latin-1 value: not UTF-8
        assertRejected(f.onRequest(request("/", "x-name", latin1)), 403);
        String utf8 = new String("müller".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        assertRejected(f.onRequest(request("/", "x-name", utf8)), 403);
        assertThat(f.onRequest(request("/", "x-name", "m\u00fcnchen"))).as("no match is possible: still fail closed")
                .isInstanceOf(FilterAction.Reject.class);
        assertThat(f.onRequest(request("/", "x-name", "schmidt"))).isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void flagPublishesBlockedAndGoesOnAndBodyBlockedIsNeverDowngraded() {
        HttpFilter f = filter("action: flag\nrules: [{target: body, contains: [ssn]}, {target: header, name: x-a, "
                + "contains: evil}]\n");
        RequestContext ctx = request("/", "x-a", "fine");
        assertThat(f.onRequestBody(ctx, body("ssn 123-45-6789"))).isEqualTo(FilterAction.CONTINUE);
        assertThat(f.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(status(ctx)).as("the body's blocked survives passing headers").contains("blocked");
        RequestContext headerOnly = request("/", "x-a", "evil");
        assertThat(f.onRequest(headerOnly)).isEqualTo(FilterAction.CONTINUE);
        assertThat(status(headerOnly)).contains("blocked");
    }

    @Test
    void rejectOversizedRefusesABodyOfOneMebibyteWith413() {
        HttpFilter f = filter("reject_oversized: true\nrules: [{target: body, contains: x}]\n");
        RequestContext ctx = request("/");
        assertRejected(f.onRequestBody(ctx, BodyChunk.of(new byte[1 << 20], true)), 413);
        assertThat(status(ctx)).contains("blocked");
        assertThat(f.onRequestBody(request("/"), BodyChunk.of(new byte[(1 << 20) - 1], true)))
                .isEqualTo(FilterAction.BODY_DONE);
    }

    @Test
    void aResponseBodyIsCheckedWholeAtItsEndAcrossPieces() {
        HttpFilter f = filter("rules: [{target: body, phase: response, contains: [credit_card]}]\n");
        RequestContext ctx = request("/");
        assertThat(f.onResponseBody(ctx, BodyChunk.of("card 4111 1111 ".getBytes(StandardCharsets.UTF_8), false)))
                .as("withheld until the end").isEqualTo(FilterAction.CONTINUE);
        assertRejected(f.onResponseBody(ctx, body("1111 1111 end")), 502);
        RequestContext clean = request("/");
        assertThat(f.onResponseBody(clean, body("nothing here"))).isEqualTo(FilterAction.BODY_DONE);
        assertThat(f.onRequest(request("/"))).as("response rules leave the request alone")
                .isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void aResponseHeaderRuleRefusesTheAnswerWith502() {
        HttpFilter f = filter("rules: [{target: header, phase: response, name: x-internal, contains: secret}]\n");
        HeaderMap headers = new HeaderMap().add("x-internal", "top-SECRET");
        assertRejected(f.onResponse(request("/"), new ResponseHead(200, headers, false)), 502);
        assertThat(f.onResponse(request("/"), new ResponseHead(200, new HeaderMap(), false)))
                .isEqualTo(FilterAction.CONTINUE);
        assertThat(f.onRequest(request("/", "x-internal", "secret"))).as("a response rule ignores the request")
                .isEqualTo(FilterAction.CONTINUE);
    }
}
