package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole validate path (load, filter factories, compile, ordering checks) over fixture files:
 * {@code config/valid/**.yaml} must build without errors; each {@code config/invalid/<rule>/<case>.yaml}
 * lists in {@code # expect:} lines the exact rendered errors, and must produce exactly those. Both
 * kinds build with the features a {@code # features: a,b} line names. A
 * fixture of either kind with {@code # expect-warning:} lines (or {@code # expect-no-warnings})
 * must produce exactly those warnings too. A fixture that names a {@code test_} filter type is built
 * with the types of {@link FixtureFilterTypes} registered too (the others see only the built-ins,
 * so messages listing the known types stay true). A {@code # features: a,b} line enables those
 * features for a fixture of either kind.
 */
class PipelineFixturesTest {
    private static final Path FIXTURES = Path.of("src/test/resources/config");

    static List<Path> valid() throws IOException {
        return yamlFiles(FIXTURES.resolve("valid"));
    }

    static List<Path> invalid() throws IOException {
        return yamlFiles(FIXTURES.resolve("invalid"));
    }

    private static List<Path> yamlFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> list = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
            assertThat(list).as("fixtures under " + dir).isNotEmpty();
            return list;
        }
    }

    /** Builds with the features a {@code # features: a,b} line asks for (none by default). */
    private static CompileResult build(Path file) throws IOException {
        String text = Files.readString(file);
        return builder(features(text), text).build(text);
    }

    private static FeatureSet features(String text) {
        return FeatureSet.parse(text.lines().filter(l -> l.startsWith("# features: "))
                .map(l -> l.substring("# features: ".length())).findFirst().orElse(""));
    }

    private static GatewayBuilder builder(FeatureSet features, String text) {
        return text.contains("filter: test_")
                ? new GatewayBuilder(features, RuntimeServices.system(), FixtureFilterTypes.registry())
                : new GatewayBuilder(features, RuntimeServices.system());
    }

    /** When the fixture declares its warnings, exactly those. */
    private static void assertWarnings(Path file, CompileResult result) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> expected = lines.stream().filter(line -> line.startsWith("# expect-warning: "))
                .map(line -> line.substring("# expect-warning: ".length())).toList();
        if (expected.isEmpty() && !lines.contains("# expect-no-warnings")) {
            return;
        }
        assertThat(result.diagnostics().warnings().stream().map(Diagnostic::render).toList())
                .as("warnings of " + file).containsExactlyInAnyOrderElementsOf(expected);
    }

    @ParameterizedTest
    @MethodSource("valid")
    void validConfigBuilds(Path file) throws IOException {
        String text = Files.readString(file);
        GatewayBuilder builder = builder(features(text), text);
        CompileResult result = builder.build(text);
        assertThat(result.diagnostics().errors().stream().map(Diagnostic::render)).as(file.toString()).isEmpty();
        assertWarnings(file, result);

        String dumped = ConfigDump.render(result.gateway(), builder.registry());
        CompileResult again = builder.build(dumped);
        assertThat(again.diagnostics().errors()).as("dump of " + file + " reloads:\n" + dumped).isEmpty();
        assertThat(ConfigDump.render(again.gateway(), builder.registry())).as("dump is a fixed point")
                .isEqualTo(dumped);
        result.gateway().close();
        again.gateway().close();
    }

    @ParameterizedTest
    @MethodSource("invalid")
    void invalidConfigReportsExactlyTheExpectedErrors(Path file) throws IOException {
        List<String> expected = Files.readAllLines(file).stream()
                .filter(line -> line.startsWith("# expect: "))
                .map(line -> line.substring("# expect: ".length()))
                .toList();
        assertThat(expected).as(file + " must say what it expects").isNotEmpty();

        CompileResult result = build(file);

        assertThat(result.ok()).as(file + " is refused").isFalse();
        assertThat(result.diagnostics().errors().stream().map(Diagnostic::render).toList())
                .as(file.toString()).containsExactlyInAnyOrderElementsOf(expected);
        assertWarnings(file, result);
    }
}
