package io.jpraxis.config.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.YamlTreeParser;
import org.junit.jupiter.api.Test;

class MapReaderTest {
    private final Diagnostics diagnostics = new Diagnostics();

    private MapReader reader(String yaml) {
        ConfigNode node = new YamlTreeParser().parse(yaml, diagnostics);
        return MapReader.of(node, ConfigPath.root().key("f"), diagnostics);
    }

    @Test
    void finishCleanlyIsTrueWhenEveryKeyWasReadWithoutError() {
        MapReader r = reader("a: 1\nb: x\n");
        r.integer("a", 0, 10);
        r.string("b");
        assertThat(r.finishCleanly()).isTrue();
        assertThat(diagnostics.all()).isEmpty();
    }

    @Test
    void finishCleanlyIsFalseForAnUnknownKeyOrABadValue() {
        MapReader unknown = reader("a: 1\nstray: 2\n");
        unknown.integer("a", 0, 10);
        assertThat(unknown.finishCleanly()).isFalse();

        MapReader bad = reader("a: 99\n");
        bad.integer("a", 0, 10);
        assertThat(bad.finishCleanly()).isFalse();
        assertThat(diagnostics.errors()).extracting(Diagnostic::render)
                .containsExactly("line 2: f.stray: unknown key", "line 1: f.a: 99 (expected: an integer from 0 to 10)");
    }

    @Test
    void anExplicitNullOfARequiredKeyIsReportedOnceAndNotAsUnknown() {
        // Found by ConfigStructureFuzzTest: readers that checked require() and then read an optional
        // value took a null for a value and failed at build.
        MapReader r = reader("status: ~\n");
        assertThat(r.require("status")).isFalse();
        assertThat(r.finishCleanly()).isFalse();
        assertThat(diagnostics.errors()).extracting(Diagnostic::render)
                .containsExactly("line 1: f.status: null (expected: a value; this key is required)");
    }

    @Test
    void errorsReportedBeforeTheReaderOpenedDoNotCount() {
        diagnostics.error(ConfigPath.root().key("elsewhere"), 1, "an earlier problem");
        MapReader r = reader("a: 1\n");
        r.integer("a", 0, 10);
        assertThat(r.finishCleanly()).as("only this map's own errors count").isTrue();
    }

    @Test
    void aNonMapIsReportedAndNeverClean() {
        MapReader r = reader("- 1\n");
        assertThat(r.finishCleanly()).isFalse();
        assertThat(diagnostics.errors()).singleElement().extracting(Diagnostic::render).asString()
                .contains("(expected: a map)");
    }

    @Test
    void numberReadsIntegersAndFloatsInItsRange() {
        MapReader r = reader("a: 2\nb: 0.25\nc: 1e3\n");
        assertThat(r.number("a", 0, 10, "x")).hasValue(2.0);
        assertThat(r.number("b", 0, 10, "x")).hasValue(0.25);
        assertThat(r.number("c", 0, 1000, "x")).hasValue(1000.0);
        assertThat(r.number("absent", 0, 10, "x")).isEmpty();
        assertThat(r.finishCleanly()).isTrue();
    }

    @Test
    void numberRefusesOtherValuesWithTheGivenExpectation() {
        MapReader r = reader("low: 0\nhigh: 10.5\ninf: .inf\nnan: .nan\ntext: \"3\"\n");
        for (String key : new String[] {"low", "high", "inf", "nan", "text"}) {
            assertThat(r.number(key, 0, 10, "a number above 0 and at most 10")).as(key).isEmpty();
        }
        assertThat(diagnostics.errors()).extracting(Diagnostic::render).containsExactly(
                "line 1: f.low: 0 (expected: a number above 0 and at most 10)",
                "line 2: f.high: 10.5 (expected: a number above 0 and at most 10)",
                "line 3: f.inf: .inf (expected: a number above 0 and at most 10)",
                "line 4: f.nan: .nan (expected: a number above 0 and at most 10)",
                "line 5: f.text: \"3\" (expected: a number above 0 and at most 10)");
    }
}
