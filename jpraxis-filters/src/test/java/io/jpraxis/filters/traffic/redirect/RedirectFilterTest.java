package io.jpraxis.filters.traffic.redirect;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static io.jpraxis.filters.testing.FilterFixtures.requestAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedirectFilterTest {

    private static HttpFilter redirect(String yaml) {
        return build(new RedirectFactory(), yaml).accepted();
    }

    private static LocalResponse answer(HttpFilter f, RequestContext ctx) {
        FilterAction action = f.onRequest(ctx);
        assertThat(action).as("a usable request is answered with a redirect").isInstanceOf(FilterAction.Respond.class);
        return ((FilterAction.Respond) action).response();
    }

    private static String location(HttpFilter f, RequestContext ctx) {
        return answer(f, ctx).headers().get("location");
    }

    @Test
    void defaultsTo301AndSubstitutesPathAndQuery() {
        HttpFilter f = redirect("location: \"https://example.com${path}${query}\"\n");
        LocalResponse response = answer(f, request("/a/b?x=1&y=%20"));
        assertThat(response.status()).isEqualTo(301);
        assertThat(response.headers().get("location")).isEqualTo("https://example.com/a/b?x=1&y=%20");
        assertThat(response.body()).isEmpty();
    }

    @Test
    void absentQueryExpandsToNothing() {
        HttpFilter f = redirect("location: \"https://example.com${path}${query}\"\n");
        assertThat(location(f, request("/page"))).isEqualTo("https://example.com/page");
    }

    @Test
    void configuredStatusIsUsed() {
        for (int status : List.of(302, 307, 308)) {
            HttpFilter f = redirect("status: " + status + "\nlocation: /new\n");
            assertThat(answer(f, request("/old")).status()).isEqualTo(status);
        }
    }

    @Test
    void pathCannotBecomeAProtocolRelativeUrl() {
        HttpFilter f = redirect("location: \"${path}${query}\"\n");
        assertThat(location(f, request("//evil.com"))).isEqualTo("/evil.com");
        assertThat(location(f, request("/.//evil.com"))).as("the canonical path merges the slashes")
                .isEqualTo("/evil.com");
        assertThat(location(f, request("/x/..//evil.com/x?q=1"))).isEqualTo("/evil.com/x?q=1");
        // A backslash never reaches a filter now (see
        // docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding); the redirect's own encoding stays
        // as a second line.
        assertThat(RedirectUrlParts.safePath("/\\/\\evil.com")).isEqualTo("/evil.com");
        assertThat(RedirectUrlParts.safePath("/ok/a\\b")).as("inner backslashes are encoded").isEqualTo("/ok/a%5Cb");
    }

    @Test
    void pathIsSafeInsideAnAbsoluteTemplateToo() {
        HttpFilter f = redirect("location: \"https://example.com${path}\"\n");
        assertThat(location(f, request("//evil.com/x"))).isEqualTo("https://example.com/evil.com/x");
        assertThat(location(f, request("/caf%c3%a9"))).as("escapes arrive canonical, upper-case")
                .isEqualTo("https://example.com/caf%C3%A9");
        assertThat(RedirectUrlParts.safePath("/caf\u00e9")).as("non-ASCII (refused at the edge) would be encoded")
                .isEqualTo("/caf%C3%A9");
    }

    @Test
    void hostIsTheRequestHostWithoutItsPort() {
        HttpFilter f = redirect("""
                location: "https://${host}${path}"
                allowed_hosts: [example.com, "[::1]"]
                """);
        assertThat(location(f, request("/x", "Host", "example.com:8080"))).isEqualTo("https://example.com/x");
        assertThat(location(f, request("/x", "Host", "[::1]:8443"))).isEqualTo("https://[::1]/x");
    }

    @Test
    void missingOrMalformedHostIsRefusedWith400() {
        HttpFilter f = redirect("location: \"https://${host}${path}\"\n");
        assertThat(f.onRequest(request("/x"))).isEqualTo(new FilterAction.Reject(400, "missing host"));
        for (String bad : List.of("evil.com/x", "user@evil.com", "example.com:abc", "example.com:", "[::1", "a b")) {
            assertThat(f.onRequest(request("/x", "Host", bad))).as(bad)
                    .isEqualTo(new FilterAction.Reject(400, "invalid host"));
        }
    }

    @Test
    void allowedHostsLimitTheHostPlaceholder() {
        HttpFilter f = redirect("""
                location: "https://${host}${path}"
                allowed_hosts: [example.com, "*.example.org"]
                """);
        assertThat(location(f, request("/", "Host", "EXAMPLE.com"))).as("case-insensitive").isEqualTo("https://EXAMPLE.com/");
        assertThat(location(f, request("/", "Host", "example.org"))).as("a wildcard also covers the bare domain")
                .isEqualTo("https://example.org/");
        assertThat(location(f, request("/", "Host", "a.b.example.org:9"))).isEqualTo("https://a.b.example.org/");
        FilterAction notAllowed = new FilterAction.Reject(400, "host not allowed");
        assertThat(f.onRequest(request("/", "Host", "evil.com"))).isEqualTo(notAllowed);
        assertThat(f.onRequest(request("/", "Host", "www.example.com"))).as("exact entries match exactly")
                .isEqualTo(notAllowed);
        assertThat(f.onRequest(request("/", "Host", "notexample.org"))).isEqualTo(notAllowed);
    }

    @Test
    void hostIsNotCheckedWhenTheTemplateDoesNotUseIt() {
        HttpFilter f = redirect("location: \"https://example.com${path}\"\n");
        assertThat(location(f, request("/x"))).as("no Host needed").isEqualTo("https://example.com/x");
    }

    @Test
    void schemeComesFromForwardedProtoThenTheConnection() {
        HttpFilter f = redirect("location: \"${scheme}://example.com${path}\"\n");
        assertThat(location(f, request("/", "X-Forwarded-Proto", "HTTPS"))).isEqualTo("https://example.com/");
        assertThat(location(f, request("/", "x-forwarded-proto", "https, http"))).as("first hop's value")
                .isEqualTo("https://example.com/");
        assertThat(location(f, requestAs("GET", "https", "/", "x-forwarded-proto", "javascript")))
                .as("an invalid value falls back to the connection's scheme").isEqualTo("https://example.com/");
        assertThat(location(f, requestAs("GET", "https", "/"))).isEqualTo("https://example.com/");
        assertThat(location(f, requestAs("GET", null, "/"))).as("default http").isEqualTo("http://example.com/");
    }

    @Test
    void declaresThatItAlwaysAnswers() {
        HttpFilter f = redirect("location: /x\nstatus: 308\n");
        assertThat(f.type()).isEqualTo("redirect");
        assertThat(declarationOf(f).traits()).containsExactly(FilterTrait.ALWAYS_ANSWERS);
        assertThat(f.config()).isEqualTo(new RedirectConfig("/x", 308, List.of()));
    }
}
