package io.jpraxis.config.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.LogLevel;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.tree.YamlTreeParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogOverridesReaderTest {
    private final Diagnostics d = new Diagnostics();

    private RuntimeConfig read(String yaml) {
        return RuntimeReader.read(new YamlTreeParser().parse(yaml, d), ConfigPath.root().key("runtime"), d);
    }

    private List<String> rendered(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(Diagnostic::render).toList();
    }

    @Test
    void readsLevelsInAnyCaseSortedByModule() {
        RuntimeConfig r = read("""
                log_overrides:
                  praxis_protocol: DEBUG
                  praxis_filter::pipeline: trace
                """);
        assertThat(d.errors()).isEmpty();
        assertThat(r.logOverrides()).containsExactly(
                entry("praxis_filter::pipeline", LogLevel.TRACE),
                entry("praxis_protocol", LogLevel.DEBUG));
    }

    @Test
    void listsEveryBadModulePathAndLevel() {
        read("""
                log_overrides:
                  "praxis::": info
                  "9lives": info
                  "a::b-c": warn
                  praxis_core: loud
                """);
        assertThat(rendered(d.errors())).containsExactly(
                "line 2: runtime.log_overrides.praxis::: invalid module path \"praxis::\" (expected: '::'-separated "
                        + "segments, each a letter or '_' followed by letters, digits or '_')",
                "line 3: runtime.log_overrides.9lives: invalid module path \"9lives\" (expected: '::'-separated "
                        + "segments, each a letter or '_' followed by letters, digits or '_')",
                "line 4: runtime.log_overrides.a::b-c: invalid module path \"a::b-c\" (expected: '::'-separated "
                        + "segments, each a letter or '_' followed by letters, digits or '_')",
                "line 5: runtime.log_overrides.praxis_core: \"loud\" (expected: error | warn | info | debug | trace)");
    }

    @Test
    void warnsWhenAModuleHasNoCounterpartOrOnlyItsCrate() {
        RuntimeConfig r = read("""
                log_overrides:
                  hyper: debug
                  praxis_filter::builtins: debug
                  jpraxis::http: debug
                """);
        assertThat(d.errors()).isEmpty();
        assertThat(r.logOverrides()).as("accepted, as Praxis accepts them").hasSize(3);
        assertThat(rendered(d.warnings())).satisfiesExactly(
                w -> assertThat(w).contains("log_overrides.hyper").contains("names no jpraxis logger"),
                w -> assertThat(w).contains("log_overrides.praxis_filter::builtins")
                        .contains("applies to its crate's loggers io.jpraxis.filters, io.jpraxis.ai"));
    }

    @Test
    void mapsJpraxisPathsToTheirPackagesAndPraxisCratesByTable() {
        assertThat(LogModules.loggers("jpraxis::http::upstream")).hasValueSatisfying(m -> {
            assertThat(m.loggers()).containsExactly("io.jpraxis.http.upstream");
            assertThat(m.exact()).isTrue();
        });
        assertThat(LogModules.loggers("praxis_filter::pipeline")).hasValueSatisfying(m ->
                assertThat(m.loggers()).containsExactly("io.jpraxis.core.pipeline"));
        assertThat(LogModules.loggers("tokio")).isEmpty();
    }

    @Test
    void noOverridesByDefault() {
        assertThat(read("threads: 2\n").logOverrides()).isEmpty();
        assertThat(RuntimeConfig.DEFAULT.logOverrides()).isEmpty();
    }
}
