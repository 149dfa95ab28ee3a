package io.jpraxis.filters.transform.pathrewrite;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import org.junit.jupiter.api.Test;

class PathRewriteFactoryTest {
    private static final String AT = "filter_chains[0].filters[0]";

    @Test
    void noOperationOrSeveralAreRefused() {
        assertThat(build(new PathRewriteFactory(), "{}\n").refused()).singleElement().asString()
                .contains(AT + ": no operation").contains("exactly one of strip_prefix, add_prefix, replace");
        assertThat(build(new PathRewriteFactory(), "strip_prefix: /a\nadd_prefix: /b\n").refused())
                .singleElement().asString().contains("several operations [strip_prefix, add_prefix]");
    }

    @Test
    void replaceNeedsPatternAndReplacement() {
        assertThat(build(new PathRewriteFactory(), "replace: {pattern: '^/a'}\n").refused()).singleElement()
                .asString().contains(AT + ".replace.replacement: missing");
    }

    @Test
    void aBackreferenceIsRefusedNamingThePattern() {
        assertThat(build(new PathRewriteFactory(), "replace: {pattern: '(a)\\1', replacement: x}\n").refused())
                .singleElement().asString().contains(AT + ".replace.pattern").contains("(a)\\1")
                .contains("not a linear-time regular expression");
    }

    @Test
    void aReplacementNamingAMissingGroupIsRefused() {
        assertThat(build(new PathRewriteFactory(), "replace: {pattern: '^/(a)', replacement: '/$1_old'}\n")
                .refused()).singleElement().asString().contains(AT + ".replace.replacement")
                .contains("group '1_old'").contains("${1}x");
        assertThat(build(new PathRewriteFactory(), "replace: {pattern: '^/(a)', replacement: '/$2'}\n").refused())
                .singleElement().asString().contains("group '2'");
    }

    @Test
    void aQueryOrFragmentInTheWrittenPathIsRefused() {
        assertThat(build(new PathRewriteFactory(), "add_prefix: '/svc?x=1'\n").refused()).singleElement()
                .asString().contains(AT + ".add_prefix").contains("'?'");
        assertThat(build(new PathRewriteFactory(), "replace: {pattern: a, replacement: 'b#c'}\n").refused())
                .singleElement().asString().contains(AT + ".replace.replacement").contains("'#'");
    }

    @Test
    void aStripPrefixMustBeACanonicalAbsolutePath() {
        assertThat(build(new PathRewriteFactory(), "strip_prefix: //api\n").refused()).singleElement()
                .asString().contains(AT + ".strip_prefix").contains("not canonical").contains("\"/api\"");
        assertThat(build(new PathRewriteFactory(), "strip_prefix: api\n").refused()).singleElement()
                .asString().contains("starting with '/'");
        assertThat(build(new PathRewriteFactory(), "strip_prefix: ''\n").refused()).singleElement()
                .asString().contains("empty");
    }

    @Test
    void unknownKeysAreRefused() {
        assertThat(build(new PathRewriteFactory(), "strip_prefix: /a\nprefix: /b\n").refused()).singleElement()
                .asString().contains(AT + ".prefix: unknown key");
    }

    @Test
    void theDeclarationSaysItRewritesAndWhetherItMayOverride() {
        assertThat(build(new PathRewriteFactory(), "add_prefix: /a\n").declared().traits())
                .containsExactly(FilterTrait.REWRITES_TARGET);
        assertThat(build(new PathRewriteFactory(), "add_prefix: /a\nallow_rewrite_override: true\n").declared()
                .traits()).containsExactlyInAnyOrder(FilterTrait.REWRITES_TARGET, FilterTrait.OVERRIDES_REWRITE);
    }
}
