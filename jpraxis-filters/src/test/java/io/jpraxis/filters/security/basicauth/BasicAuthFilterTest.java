package io.jpraxis.filters.security.basicauth;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class BasicAuthFilterTest {
    private static final HttpFilter FILTER = build(new BasicAuthFactory(), """
            realm: "Ops Console"
            credentials:
              - {username: alice, password: "pa:ss wörd"}
              - {username: bob, password: hunter2}
            """).accepted();

    private static String basic(String userColonPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userColonPassword.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertChallenged(FilterAction action, String why) {
        assertThat(action).as(why).isInstanceOfSatisfying(FilterAction.Respond.class, r -> {
            assertThat(r.response().status()).isEqualTo(401);
            assertThat(r.response().headers().get("www-authenticate")).isEqualTo("Basic realm=\"Ops Console\"");
            assertThat(r.response().headers().get("content-type")).isEqualTo("application/problem+json");
        });
    }

    @Test
    void theRightPasswordPassesSetsTheSubjectAndStripsTheHeader() {
        RequestContext ctx = request("/", "Authorization", basic("alice:pa:ss wörd"));
        assertThat(FILTER.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.authenticatedSubject()).isEqualTo("alice");
        assertThat(ctx.headers().get("authorization")).as("stripped before upstream").isNull();
    }

    @Test
    void theSchemeIsMatchedInAnyCase() {
        RequestContext ctx = request("/", "Authorization", basic("bob:hunter2").replace("Basic", "bAsIc"));
        assertThat(FILTER.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.authenticatedSubject()).isEqualTo("bob");
    }

    @Test
    void everyKindOfFailureIsTheSame401Challenge() {
        assertChallenged(FILTER.onRequest(request("/")), "no header");
        assertChallenged(FILTER.onRequest(request("/", "Authorization", "Bearer abc")), "another scheme");
        assertChallenged(FILTER.onRequest(request("/", "Authorization", "Basic !!!")), "bad base64");
        assertChallenged(FILTER.onRequest(request("/", "Authorization", "Basic "
                + Base64.getEncoder().encodeToString(new byte[] {(byte) 0xff, ':', 'x'}))), "not UTF-8");
        assertChallenged(FILTER.onRequest(request("/", "Authorization", basic("alice"))), "no colon");
        assertChallenged(FILTER.onRequest(request("/", "Authorization", basic("alice:hunter2"))),
                "another user's password");
        assertChallenged(FILTER.onRequest(request("/", "Authorization", basic("mallory:hunter2"))), "unknown user");
        assertChallenged(FILTER.onRequest(request("/", "Authorization", basic("bob:hunter"))), "a prefix of it");
    }

    @Test
    void aRefusedRequestGetsNoSubjectAndKeepsItsHeaders() {
        RequestContext ctx = request("/", "Authorization", basic("bob:wrong"));
        FILTER.onRequest(ctx);
        assertThat(ctx.authenticatedSubject()).isNull();
    }

    @Test
    void withStrippingOffTheHeaderGoesUpstream() {
        HttpFilter keep = build(new BasicAuthFactory(), "strip_authorization: false\n"
                + "credentials: [{username: bob, password: hunter2}]\n").accepted();
        RequestContext ctx = request("/", "Authorization", basic("bob:hunter2"));
        assertThat(keep.onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.headers().get("authorization")).isEqualTo(basic("bob:hunter2"));
    }

    @Test
    void decodeSplitsAtTheFirstColonAndRefusesGarbage() {
        assertThat(BasicAuthFilter.decode(basic("u:a:b"))).containsExactly("u", "a:b");
        assertThat(BasicAuthFilter.decode(basic(":"))).containsExactly("", "");
        assertThat(BasicAuthFilter.decode("Basic")).isNull();
        assertThat(BasicAuthFilter.decode("Basicx" + basic("u:p").substring(6))).isNull();
    }
}
