package io.jpraxis.filters.transform.pathrewrite;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import org.junit.jupiter.api.Test;

class PathRewriteFilterTest {

    private static HttpFilter filter(String yaml) {
        return build(new PathRewriteFactory(), yaml).accepted();
    }

    /** The target after running {@code yaml}'s filter on {@code target}. */
    private static String rewritten(String yaml, String target) {
        RequestContext ctx = request(target);
        assertThat(filter(yaml).onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        return ctx.target();
    }

    @Test
    void stripPrefixWorksAtSegmentBoundariesOnlyAndKeepsTheQuery() {
        String strip = "strip_prefix: /api/v1\n";
        assertThat(rewritten(strip, "/api/v1/users?id=3")).isEqualTo("/users?id=3");
        assertThat(rewritten(strip, "/api/v1")).as("the prefix alone becomes the root").isEqualTo("/");
        assertThat(rewritten(strip, "/api/v10/users")).as("not a segment boundary").isEqualTo("/api/v10/users");
        assertThat(rewritten(strip, "/other")).isEqualTo("/other");
    }

    @Test
    void aStripPrefixWithATrailingSlashNeverStripsALongerPath() {
        assertThat(rewritten("strip_prefix: /api/\n", "/api/users")).isEqualTo("/api/users");
        assertThat(rewritten("strip_prefix: /api/\n", "/api/")).isEqualTo("/");
    }

    @Test
    void addPrefixTrimsItsTrailingSlashes() {
        assertThat(rewritten("add_prefix: /svc//\n", "/items?x=1")).isEqualTo("/svc/items?x=1");
        assertThat(rewritten("add_prefix: svc\n", "/items")).as("a leading slash is forced").isEqualTo("/svc/items");
    }

    @Test
    void replaceRewritesTheFirstMatchOnlyWithGroups() {
        String replace = "replace: {pattern: 'o', replacement: '0'}\n";
        assertThat(rewritten(replace, "/foo/boo")).isEqualTo("/f0o/boo");
        String groups = "replace: {pattern: '^/old/(?P<rest>.*)$', replacement: '/new/${rest}'}\n";
        assertThat(rewritten(groups, "/old/resource")).isEqualTo("/new/resource");
        assertThat(rewritten("replace: {pattern: '^/old/(.*)', replacement: '/new/$1'}\n", "/old/a/b"))
                .isEqualTo("/new/a/b");
    }

    @Test
    void theRewrittenPathIsWhatLaterFiltersMatchAndTheOriginalIsKept() {
        RequestContext ctx = request("/api/v1/admin;v=2/x?q=1");
        filter("strip_prefix: /api/v1\n").onRequest(ctx);
        assertThat(ctx.matchPath()).as("routes and conditions compare this").isEqualTo("/admin/x");
        assertThat(ctx.target()).as("what goes upstream").isEqualTo("/admin;v=2/x?q=1");
        assertThat(ctx.originalRequestPath().forward()).isEqualTo("/api/v1/admin;v=2/x");
        assertThat(ctx.targetRewritten()).isTrue();
    }

    @Test
    void noMatchLeavesTheTargetUntouched() {
        RequestContext ctx = request("/keep?x=1");
        filter("replace: {pattern: '^/old', replacement: '/new'}\n").onRequest(ctx);
        assertThat(ctx.targetRewritten()).isFalse();
    }

    @Test
    void rewritesDoNotComposeTheLastWriterWins() {
        RequestContext ctx = request("/api/users");
        filter("strip_prefix: /api\n").onRequest(ctx);
        filter("add_prefix: /svc\n").onRequest(ctx);
        assertThat(ctx.target()).as("the second works on the client's path").isEqualTo("/svc/api/users");
    }

    @Test
    void aResultIsCanonicalisedAgainDotSegmentsAndDoubleSlashesResolved() {
        String replace = "replace: {pattern: '^/a/(.*)$', replacement: '//x/./y/../$1'}\n";
        RequestContext ctx = request("/a/admin");
        filter(replace).onRequest(ctx);
        assertThat(ctx.target()).isEqualTo("/x/admin");
        assertThat(ctx.matchPath()).isEqualTo("/x/admin");
    }

    @Test
    void aRegexThatClimbsAboveTheRootFailsWith500AndNothingIsRewritten() {
        RequestContext ctx = request("/x/admin");
        FilterAction action = filter("replace: {pattern: '^/x/(.*)$', replacement: '/../$1'}\n").onRequest(ctx);
        assertThat(action).isInstanceOfSatisfying(FilterAction.Fail.class, f -> {
            assertThat(f.status()).as("the config's fault, not the client's").isEqualTo(500);
            assertThat(f.detail()).contains("/../admin").contains("climbs above the root");
        });
        assertThat(ctx.targetRewritten()).isFalse();
        assertThat(ctx.target()).isEqualTo("/x/admin");
    }

    @Test
    void aRegexThatSpellsDotsEncodedIsResolvedOrRefusedLikeAClientPath() {
        RequestContext climbs = request("/x/admin");
        assertThat(filter("replace: {pattern: '^/x/', replacement: '/%2e%2E/'}\n").onRequest(climbs))
                .isInstanceOf(FilterAction.Fail.class);
        RequestContext slash = request("/x/admin");
        assertThat(filter("replace: {pattern: '^/x/', replacement: '/x%2f'}\n").onRequest(slash))
                .as("an encoded slash is refused").isInstanceOfSatisfying(FilterAction.Fail.class,
                        f -> assertThat(f.detail()).contains("encoded '/'"));
    }
}
