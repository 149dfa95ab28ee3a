package io.jpraxis.config.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Walks {@code config/valid} (each file loads with no error) and {@code config/invalid/<rule>}
 * (each file reports exactly the errors its {@code # expect:} lines name).
 */
class ConfigFixturesTest {
    private final ConfigLoader loader = new ConfigLoader();

    static Stream<ConfigFixture> validFixtures() {
        Path root = ConfigFixture.folder("valid");
        return ConfigFixture.yamlFiles(root).map(f -> ConfigFixture.of(f, root));
    }

    static Stream<ConfigFixture> invalidFixtures() {
        Path root = ConfigFixture.folder("invalid");
        return ConfigFixture.yamlFiles(root).map(f -> ConfigFixture.of(f, root));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validFixtures")
    void validConfigLoadsWithoutErrors(ConfigFixture fixture) {
        LoadResult result = loader.load(fixture.text(), fixture.features());

        assertThat(rendered(result.diagnostics().errors())).as("errors of %s", fixture.name()).isEmpty();
        assertThat(result.config()).as("config of %s", fixture.name()).isNotNull();
        assertWarnings(fixture, result);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidFixtures")
    void invalidConfigReportsExactlyTheExpectedErrors(ConfigFixture fixture) {
        LoadResult result = loader.load(fixture.text(), fixture.features());
        List<String> errors = rendered(result.diagnostics().errors());

        assertThat(fixture.expectedErrors()).as("%s declares its errors with '# expect:'", fixture.name()).isNotEmpty();
        assertThat(result.config()).as("a config with errors is not returned (%s)", fixture.name()).isNull();
        for (String expected : fixture.expectedErrors()) {
            assertThat(errors).as("%s reports an error containing [%s]", fixture.name(), expected)
                    .anySatisfy(e -> assertThat(e).contains(expected));
        }
        assertThat(errors).as("%s reports one error per '# expect:' line", fixture.name())
                .hasSize(fixture.expectedErrors().size());
        assertWarnings(fixture, result);
    }

    @Test
    void everyRuleFolderHoldsAtLeastOneCase() throws IOException {
        Path invalid = ConfigFixture.folder("invalid");
        List<Path> rules;
        try (Stream<Path> dirs = Files.list(invalid)) {
            rules = dirs.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(rules).as("rule folders under config/invalid").isNotEmpty();
        for (Path rule : rules) {
            assertThat(ConfigFixture.yamlFiles(rule).count()).as("cases in %s", rule.getFileName()).isPositive();
        }
        assertThat(ConfigFixture.yamlFiles(ConfigFixture.folder("valid")).count()).as("valid fixtures").isPositive();
    }

    private static void assertWarnings(ConfigFixture fixture, LoadResult result) {
        List<String> warnings = rendered(result.diagnostics().warnings());
        for (String expected : fixture.expectedWarnings()) {
            assertThat(warnings).as("%s warns with [%s]", fixture.name(), expected)
                    .anySatisfy(w -> assertThat(w).contains(expected));
        }
    }

    private static List<String> rendered(List<Diagnostic> diagnostics) {
        List<String> out = new ArrayList<>();
        diagnostics.forEach(d -> out.add(d.render()));
        return out;
    }
}
