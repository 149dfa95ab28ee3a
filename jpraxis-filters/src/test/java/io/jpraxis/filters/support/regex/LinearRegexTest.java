package io.jpraxis.filters.support.regex;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import org.junit.jupiter.api.Test;

class LinearRegexTest {

    @Test
    void compilesAnRe2Pattern() {
        Diagnostics d = new Diagnostics();
        assertThat(LinearRegex.compile("^/api/(v[0-9]+)/(?P<rest>.*)$", ConfigPath.root().key("pattern"), 3, d))
                .as("named groups and classes are RE2 syntax").isPresent();
        assertThat(d.all()).isEmpty();
    }

    @Test
    void refusesBackreferencesAndLookaround() {
        Diagnostics d = new Diagnostics();
        assertThat(LinearRegex.compile("(a)\\1", ConfigPath.root().key("pattern"), 3, d)).isEmpty();
        assertThat(LinearRegex.compile("foo(?=bar)", ConfigPath.root().key("pattern"), 4, d)).isEmpty();
        assertThat(d.errors()).hasSize(2).allSatisfy(e -> assertThat(e.toString())
                .contains("pattern").contains("not a linear-time regular expression"));
    }

    @Test
    void refusesOverlongPatternsEchoingOnlyTheirStart() {
        Diagnostics d = new Diagnostics();
        String longPattern = "a".repeat(LinearRegex.MAX_PATTERN_CHARS + 1);
        assertThat(LinearRegex.compile(longPattern, ConfigPath.root().key("pattern"), 1, d)).isEmpty();
        assertThat(d.errors()).singleElement().asString().contains("1025 characters long")
                .contains("a".repeat(LinearRegex.ECHO_CHARS) + "...").doesNotContain("a".repeat(LinearRegex.ECHO_CHARS + 1));
    }

    @Test
    void refusesPatternsWhoseNestedRepetitionsCompilePastOneMebibyte() {
        Diagnostics d = new Diagnostics();
        assertThat(LinearRegex.compile("a{1000}", ConfigPath.root().key("pattern"), 1, d))
                .as("1,000 literal units stay under the limit").isPresent();
        assertThat(LinearRegex.compile("[0-9]{3}-[0-9]{2}-[0-9]{4}", ConfigPath.root().key("pattern"), 1, d)).isPresent();
        assertThat(d.all()).isEmpty();
        assertThat(LinearRegex.compile("(?:(?:a{100}){100}){100}", ConfigPath.root().key("pattern"), 2, d)).isEmpty();
        assertThat(LinearRegex.compile("(\\w{1000}){10}", ConfigPath.root().key("pattern"), 3, d)).isEmpty();
        assertThat(d.errors()).hasSize(2).allSatisfy(e -> assertThat(e.toString())
                .contains("compiles to an estimated").contains("at most 1048576"));
    }

    @Test
    void estimatesAlternativesAsASumAndOpenCountsAsOneMore() {
        assertThat(CompiledSizeEstimate.units("abc")).isEqualTo(3);
        assertThat(CompiledSizeEstimate.units("(ab|cd){10}")).isEqualTo(40);
        assertThat(CompiledSizeEstimate.units("a{5,}")).isEqualTo(6);
        assertThat(CompiledSizeEstimate.units("[a-z]{2,4}")).isEqualTo(4 * CompiledSizeEstimate.CLASS_UNITS);
        assertThat(CompiledSizeEstimate.units("(?i)x\\{2}")).as("an escaped brace is a literal").isEqualTo(4);
    }
}
