package io.jpraxis.filters.traffic.router;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.declarationOf;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RouteHedgePolicy;
import io.jpraxis.core.context.RouteRetryPolicy;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.testing.FilterFixtures;
import org.junit.jupiter.api.Test;

class RouterFilterTest {

    private static HttpFilter router(String yaml) {
        return build(new RouterFactory(), yaml).accepted();
    }

    /** The cluster chosen for {@code ctx}, or "404" when the router rejected it. */
    private static String route(HttpFilter router, RequestContext ctx) {
        FilterAction action = router.onRequest(ctx);
        return switch (action) {
            case FilterAction.Continue c -> ctx.cluster();
            case FilterAction.Reject r -> String.valueOf(r.status());
            case FilterAction.Respond r -> "respond";
            case FilterAction.Fail f -> "fail";
            case FilterAction.Release r -> "release";
            case FilterAction.BodyDone d -> "body done";
        };
    }

    private static String route(HttpFilter router, String target, String... headers) {
        return route(router, request(target, headers));
    }

    @Test
    void exactPathBeatsAnyPrefix() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /api/users
                    cluster: prefix
                  - path: /api/users
                    cluster: exact
                """);
        assertThat(route(r, "/api/users")).as("exact path wins over an equally long prefix").isEqualTo("exact");
        assertThat(route(r, "/api/users/7")).as("exact does not match a longer path").isEqualTo("prefix");
    }

    @Test
    void theMatchedRoutesRetryPolicyIsRecordedAndAnotherMatchForgetsIt() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /api/
                    cluster: api
                    retry_policy: {max_retries: 1}
                  - path_prefix: /
                    cluster: web
                """);
        RequestContext ctx = request("/api/users");
        route(r, ctx);
        assertThat(ctx.extensions().get(RouteRetryPolicy.KEY)).as("the /api/ route's policy, for its cluster")
                .hasValueSatisfying(p -> {
                    assertThat(p.cluster()).isEqualTo("api");
                    assertThat(p.override().maxRetries()).isEqualTo(1);
                });
        ctx.rewriteTarget(io.jpraxis.core.http.RequestPath.of("/other"), null);
        route(r, ctx);
        assertThat(ctx.extensions().get(RouteRetryPolicy.KEY)).as("reset on every match").isEmpty();
    }

    @Test
    void theMatchedRoutesHedgePolicyIsRecordedWithOneBudgetPerRoute() {
        HttpFilter r = build(new RouterFactory(), """
                routes:
                  - path_prefix: /api/
                    cluster: api
                    hedge_policy: {initial_requests: 2, max_attempts: 2, budget_percent: 5}
                  - path_prefix: /
                    cluster: web
                """, FilterFixtures.buildContext(FeatureSet.of(Feature.HEDGED_REQUESTS))).accepted();
        RequestContext first = request("/api/a");
        RequestContext second = request("/api/b");
        route(r, first);
        route(r, second);
        assertThat(first.extensions().get(RouteHedgePolicy.KEY)).as("the /api/ route's policy, for its cluster")
                .hasValueSatisfying(p -> {
                    assertThat(p.cluster()).isEqualTo("api");
                    assertThat(p.policy().initialRequests()).isEqualTo(2);
                });
        assertThat(second.extensions().get(RouteHedgePolicy.KEY).orElseThrow().budget())
                .as("one budget per policy, shared by its requests")
                .isSameAs(first.extensions().get(RouteHedgePolicy.KEY).orElseThrow().budget());
        first.rewriteTarget(io.jpraxis.core.http.RequestPath.of("/other"), null);
        route(r, first);
        assertThat(first.extensions().get(RouteHedgePolicy.KEY)).as("reset on every match").isEmpty();
    }

    @Test
    void matchedRouteIsRecordedAsItsConfiguredPathForMetrics() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /api/
                    cluster: api
                  - path: /health
                    cluster: ops
                """);
        RequestContext prefixed = request("/api/users/7");
        RequestContext exact = request("/health");
        RequestContext unmatched = request("/other");
        r.onRequest(prefixed);
        r.onRequest(exact);
        r.onRequest(unmatched);
        assertThat(prefixed.route()).as("the prefix as configured, not the request path (bounded cardinality)")
                .isEqualTo("/api/");
        assertThat(exact.route()).isEqualTo("/health");
        assertThat(unmatched.route()).as("no route matched").isNull();
    }

    @Test
    void longestPrefixWinsWhateverTheDeclarationOrder() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /
                    cluster: root
                  - path_prefix: /api
                    cluster: api
                  - path_prefix: /api/v1
                    cluster: v1
                """);
        assertThat(route(r, "/api/v1/models")).isEqualTo("v1");
        assertThat(route(r, "/api/v2")).isEqualTo("api");
        assertThat(route(r, "/other")).isEqualTo("root");
    }

    @Test
    void prefixMatchesOnlyAtSegmentBoundaries() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /api
                    cluster: api
                """);
        assertThat(route(r, "/api")).isEqualTo("api");
        assertThat(route(r, "/api/")).isEqualTo("api");
        assertThat(route(r, "/apikeys")).as("/api must not match /apikeys").isEqualTo("404");
    }

    @Test
    void trailingSlashOnPrefixIsIgnored() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /openai/
                    cluster: openai
                """);
        assertThat(route(r, "/openai")).as("/openai/ matches /openai").isEqualTo("openai");
        assertThat(route(r, "/openai/v1/chat")).isEqualTo("openai");
        assertThat(route(r, "/openaix")).isEqualTo("404");
    }

    @Test
    void queryStringNeverTakesPartInMatching() {
        HttpFilter r = router("""
                routes:
                  - path: /search
                    cluster: search
                """);
        assertThat(route(r, "/search?q=/other")).isEqualTo("search");
    }

    @Test
    void pathComparisonIsCaseSensitiveOnTheCanonicalPath() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /api
                    cluster: api
                """);
        assertThat(route(r, "/API")).isEqualTo("404");
        assertThat(route(r, "/%41PI")).as("a decoded escape is still compared case-sensitively").isEqualTo("404");
        assertThat(route(r, "/%61pi")).as("docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding: unreserved escapes are decoded").isEqualTo("api");
        assertThat(route(r, "/x/../api/v1")).as("dot segments are removed").isEqualTo("api");
        assertThat(route(r, "/api;jsessionid=1")).as("parameters do not take part").isEqualTo("api");
        assertThat(route(r, "/api%3B")).as("an escaped ';' is data, not a parameter").isEqualTo("404");
    }

    @Test
    void exactHostMatchesCaseInsensitivelyWithPortStripped() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /
                    host: api.example.com
                    cluster: api
                """);
        assertThat(route(r, "/", "Host", "API.Example.COM:8443")).isEqualTo("api");
        assertThat(route(r, "/", "Host", "api.example.com")).isEqualTo("api");
        assertThat(route(r, "/", "Host", "web.example.com")).isEqualTo("404");
        assertThat(route(r, "/", "Host", "api.example.com.evil")).isEqualTo("404");
        assertThat(route(r, "/")).as("a host route needs a Host").isEqualTo("404");
    }

    @Test
    void hostWithOneTrailingDotMatchesAsTheNameWithout() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /
                    host: api.example.com
                    cluster: api
                  - path_prefix: /
                    host: "*.example.org"
                    cluster: wild
                """);
        assertThat(route(r, "/", "Host", "api.example.com.")).as("the fully-qualified spelling").isEqualTo("api");
        assertThat(route(r, "/", "Host", "API.example.com.:8443")).isEqualTo("api");
        assertThat(route(r, "/", "Host", "a.example.org.")).isEqualTo("wild");
        assertThat(route(r, "/", "Host", "api.example.com..")).as("only one dot is dropped").isEqualTo("404");
    }

    @Test
    void wildcardHostMatchesExactlyOneLabelByDefault() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /
                    host: "*.example.com"
                    cluster: wild
                """);
        assertThat(route(r, "/", "Host", "Foo.Example.com")).isEqualTo("wild");
        assertThat(route(r, "/", "Host", "foo.example.com:80")).isEqualTo("wild");
        assertThat(route(r, "/", "Host", "a.b.example.com")).as("two labels need the multi-level flag").isEqualTo("404");
        assertThat(route(r, "/", "Host", "example.com")).as("the bare domain is not a subdomain").isEqualTo("404");
        assertThat(route(r, "/", "Host", "badexample.com")).isEqualTo("404");
    }

    @Test
    void multiLevelFlagLetsWildcardMatchDeeperSubdomains() {
        HttpFilter r = router("""
                multi_level_subdomain_matching: true
                routes:
                  - path_prefix: /
                    host: "*.example.com"
                    cluster: wild
                """);
        assertThat(route(r, "/", "Host", "a.b.example.com")).isEqualTo("wild");
        assertThat(route(r, "/", "Host", "example.com")).isEqualTo("404");
    }

    @Test
    void bracketedIpv6HostMatchesWithPortStripped() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /
                    host: "[::1]"
                    cluster: local
                """);
        assertThat(route(r, "/", "Host", "[::1]:8080")).isEqualTo("local");
        assertThat(route(r, "/", "Host", "[::2]:8080")).isEqualTo("404");
    }

    @Test
    void headerRequirementsAreAndedWithCaseSensitiveValues() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /
                    headers:
                      x-model: gpt-4o
                      X-Tier: gold
                    cluster: gold
                """);
        assertThat(route(r, "/", "X-Model", "gpt-4o", "x-tier", "gold")).as("names are case-insensitive").isEqualTo("gold");
        assertThat(route(r, "/", "x-model", "gpt-4o")).as("every header must match").isEqualTo("404");
        assertThat(route(r, "/", "x-model", "GPT-4O", "x-tier", "gold")).as("values are case-sensitive").isEqualTo("404");
        assertThat(route(r, "/", "x-model", "other", "x-model", "gpt-4o", "x-tier", "gold"))
                .as("any line of a repeated header may match").isEqualTo("gold");
    }

    @Test
    void headersSetByEarlierFiltersAreSeen() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /
                    headers:
                      x-praxis-model: small
                    cluster: small
                  - path_prefix: /
                    cluster: default
                """);
        RequestContext ctx = request("/v1/chat");
        assertThat(route(r, ctx)).isEqualTo("default");
        RequestContext promoted = request("/v1/chat");
        promoted.headers().set("x-praxis-model", "small");
        assertThat(route(r, promoted)).isEqualTo("small");
    }

    @Test
    void moreConstraintsWinBetweenEqualPaths() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /api
                    cluster: plain
                  - path_prefix: /api/
                    host: api.example.com
                    cluster: with-host
                  - path_prefix: /api
                    host: api.example.com
                    headers:
                      x-beta: "1"
                    cluster: host-and-header
                """);
        assertThat(route(r, "/api/x", "Host", "api.example.com", "x-beta", "1")).isEqualTo("host-and-header");
        assertThat(route(r, "/api/x", "Host", "api.example.com")).isEqualTo("with-host");
        assertThat(route(r, "/api/x", "Host", "other.example.com")).isEqualTo("plain");
    }

    @Test
    void declarationOrderBreaksFullTies() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /api
                    cluster: first
                  - path_prefix: /api
                    cluster: second
                """);
        assertThat(route(r, "/api")).isEqualTo("first");
        assertThat(((RouterFilter) r).clustersInMatchOrder()).containsExactly("first", "second");
    }

    @Test
    void noMatchRejectsWith404AndLeavesClusterUnset() {
        HttpFilter r = router("""
                routes:
                  - path: /only
                    cluster: only
                """);
        RequestContext ctx = request("/elsewhere");
        assertThat(r.onRequest(ctx)).isEqualTo(new FilterAction.Reject(404, "no route"));
        assertThat(ctx.cluster()).isNull();
    }

    @Test
    void declaresThatItSelectsAClusterAndExposesItsConfig() {
        HttpFilter r = router("""
                routes:
                  - path: /
                    cluster: c
                """);
        assertThat(r.type()).isEqualTo("router");
        assertThat(declarationOf(r).traits()).containsExactlyInAnyOrder(FilterTrait.SELECTS_CLUSTER, FilterTrait.ROUTER);
        assertThat(r.config()).isInstanceOf(RouterConfig.class);
        RouterConfig config = (RouterConfig) r.config();
        assertThat(config.routes()).containsExactly(new RouteConfig(new RoutePath.Exact("/"), "c", null, java.util.List.of()));
    }

    @Test
    void listsEachRoutedClusterOnceInConfigOrderForTheOrderingChecks() {
        HttpFilter r = router("""
                routes:
                  - path_prefix: /b
                    cluster: second
                  - path: /a
                    cluster: first
                  - path_prefix: /
                    cluster: second
                """);
        assertThat(declarationOf(r).clusters().selectable()).as("config order, duplicates once").containsExactly("second", "first");
    }
}
