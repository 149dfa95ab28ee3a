package io.jpraxis.filters.transform.urlrewrite;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.FilterTrait;
import org.junit.jupiter.api.Test;

class UrlRewriteFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].operations[0]";

    @Test
    void anEmptyOperationIsRefused() {
        assertThat(build(new UrlRewriteFactory(), "operations: [{}]\n").refused()).singleElement().asString()
                .contains(AT + ": an empty operation");
    }

    @Test
    void anOperationWithTwoKeysIsRefused() {
        assertThat(build(new UrlRewriteFactory(), "operations: [{strip_query_params: [a], add_query_params: {b: c}}]\n")
                .refused()).singleElement().asString().contains(AT + ": operation with several keys");
    }

    @Test
    void anUnknownOperationIsRefusedWithAHint() {
        assertThat(build(new UrlRewriteFactory(), "operations: [{strip_query_param: [a]}]\n").refused())
                .singleElement().asString().contains(AT + ".strip_query_param: unknown operation")
                .contains("strip_query_params");
    }

    @Test
    void everyBadOperationIsReportedNotOnlyTheFirst() {
        assertThat(build(new UrlRewriteFactory(), """
                operations:
                  - regex_replace: {pattern: '(?=x)', replacement: y}
                  - add_query_params: {a: [1]}
                  - preserve_query_params_only: ~
                """).refused()).hasSize(3);
    }

    @Test
    void aLookAroundIsRefusedNamingThePattern() {
        assertThat(build(new UrlRewriteFactory(), "operations: [{regex_replace: {pattern: 'a(?!b)', replacement: c}}]\n")
                .refused()).singleElement().asString().contains(AT + ".regex_replace.pattern")
                .contains("a(?!b)");
    }

    @Test
    void unknownTopLevelKeysAreRefused() {
        assertThat(build(new UrlRewriteFactory(), "operation: []\n").refused()).singleElement().asString()
                .contains("filter_chains[0].filters[0].operation: unknown key");
    }

    @Test
    void theOverrideFlagIsDeclared() {
        assertThat(build(new UrlRewriteFactory(), "allow_rewrite_override: true\n").declared().traits())
                .containsExactlyInAnyOrder(FilterTrait.REWRITES_TARGET, FilterTrait.OVERRIDES_REWRITE);
    }
}
