package io.jpraxis.filters.transform.urlrewrite;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import org.junit.jupiter.api.Test;

class UrlRewriteFilterTest {

    private static RequestContext run(String yaml, String target) {
        RequestContext ctx = request(target);
        assertThat(build(new UrlRewriteFactory(), yaml).accepted().onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        return ctx;
    }

    @Test
    void thePraxisExampleRewritesPathAndQueryInOrder() {
        String yaml = """
                operations:
                  - regex_replace: {pattern: "^/v1/(.*)", replacement: "/v2/$1"}
                  - strip_query_params: [debug, trace]
                  - add_query_params: {source: gateway}
                """;
        assertThat(run(yaml, "/v1/users?debug=true&trace=1").target()).isEqualTo("/v2/users?source=gateway");
        assertThat(run(yaml, "/v1/users?debug=true&keep=1").target()).isEqualTo("/v2/users?keep=1&source=gateway");
    }

    @Test
    void regexReplaceReplacesEveryMatch() {
        assertThat(run("operations: [{regex_replace: {pattern: o, replacement: '0'}}]\n", "/foo/boo").target())
                .isEqualTo("/f00/b00");
    }

    @Test
    void namesAreComparedDecodedAndAnEmptiedQueryDisappears() {
        RequestContext ctx = run("operations: [{strip_query_params: [foo]}]\n", "/p?%66oo=1&foo=2");
        assertThat(ctx.target()).as("no bare '?'").isEqualTo("/p");
        assertThat(ctx.query()).isNull();
    }

    @Test
    void preserveKeepsOnlyItsNamesAndAnEmptyListDropsTheQuery() {
        assertThat(run("operations: [{preserve_query_params_only: [a]}]\n", "/p?a=1&b=2&a=3").target())
                .isEqualTo("/p?a=1&a=3");
        assertThat(run("operations: [{preserve_query_params_only: []}]\n", "/p?a=1&b=2").target()).isEqualTo("/p");
    }

    @Test
    void addedParamsAreSortedEncodedAndAppendedBesideExistingNames() {
        String yaml = "operations: [{add_query_params: {z: '1', a: 'x&y=z', b: 'two words+#'}}]\n";
        assertThat(run(yaml, "/p?a=0").target()).isEqualTo("/p?a=0&a=x%26y%3Dz&b=two%20words%2B%23&z=1");
        assertThat(run("operations: [{add_query_params: {n: 'é'}}]\n", "/p").target()).isEqualTo("/p?n=%C3%A9");
    }

    @Test
    void noOperationsOrNoChangeLeavesTheTargetAlone() {
        assertThat(run("{}\n", "/p?a=1").targetRewritten()).isFalse();
        assertThat(run("operations: [{strip_query_params: [zzz]}]\n", "/p?a=1&&b").targetRewritten()).isFalse();
    }

    @Test
    void itWorksOnTheClientsTargetNotAnEarlierRewrite() {
        RequestContext ctx = request("/v1/a?x=1");
        build(new UrlRewriteFactory(), "operations: [{strip_query_params: [x]}]\n").accepted().onRequest(ctx);
        build(new UrlRewriteFactory(), "operations: [{regex_replace: {pattern: v1, replacement: v2}}]\n").accepted()
                .onRequest(ctx);
        assertThat(ctx.target()).as("last writer wins").isEqualTo("/v2/a?x=1");
        assertThat(ctx.originalQuery()).isEqualTo("x=1");
    }

    @Test
    void aRegexProducingAPathAboveTheRootIsRefusedWith500() {
        RequestContext ctx = request("/x/admin?q=1");
        FilterAction action = build(new UrlRewriteFactory(),
                "operations: [{regex_replace: {pattern: '^/x', replacement: '/..'}}]\n").accepted().onRequest(ctx);
        assertThat(action).isInstanceOfSatisfying(FilterAction.Fail.class, f -> {
            assertThat(f.status()).isEqualTo(500);
            assertThat(f.detail()).contains("/../admin?q=1").contains("climbs above the root");
        });
        assertThat(ctx.target()).isEqualTo("/x/admin?q=1");
    }

    @Test
    void doubleSlashesFromARegexAreMerged() {
        assertThat(run("operations: [{regex_replace: {pattern: '^/x', replacement: '//evil.example'}}]\n", "/x/a")
                .target()).as("never a network-path reference upstream").isEqualTo("/evil.example/a");
    }
}
