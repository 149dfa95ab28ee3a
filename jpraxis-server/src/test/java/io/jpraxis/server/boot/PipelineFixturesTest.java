package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole validate path (load, filter factories, compile) over fixture files:
 * {@code config/valid/*.yaml} must build without errors; each {@code config/invalid/<rule>/<case>.yaml}
 * lists in {@code # expect:} lines the exact rendered errors, and must produce exactly those.
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
        String features = text.lines().filter(l -> l.startsWith("# features: "))
                .map(l -> l.substring("# features: ".length())).findFirst().orElse("");
        return new GatewayBuilder(FeatureSet.parse(features), RuntimeServices.system()).build(text);
    }

    @ParameterizedTest
    @MethodSource("valid")
    void validConfigBuilds(Path file) throws IOException {
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system());
        CompileResult result = builder.build(Files.readString(file));
        assertThat(result.diagnostics().errors()).as(file.toString()).isEmpty();

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
    }
}
