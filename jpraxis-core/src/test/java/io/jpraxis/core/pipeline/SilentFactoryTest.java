package io.jpraxis.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.compile.PipelineCompiler;
import io.jpraxis.core.runtime.RuntimeServices;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A factory that builds nothing must say why; one that stays silent (a bug) gets the config
 * refused, never a pipeline quietly missing that filter.
 */
class SilentFactoryTest {
    private static final String CONFIG = """
            listeners:
              - name: web
                address: "127.0.0.1:8080"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: %s
            """;

    /** Builds nothing; {@code reports} says whether it tells the diagnostics why. */
    private record NothingFactory(String type, boolean reports) implements OneStepFactory {
        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            if (reports) {
                options.diagnostics().error(options.path(), 0, "not today");
            }
            return Optional.empty();
        }
    }

    private static CompileResult compile(String type) {
        LoadResult loaded = new ConfigLoader().load(CONFIG.formatted(type), FeatureSet.NONE);
        assertThat(loaded.diagnostics().errors()).as("the config loads").isEmpty();
        FilterRegistry registry = new FilterRegistry().register(new NothingFactory("silent", false))
                .register(new NothingFactory("explains", true));
        return new PipelineCompiler(registry, FeatureSet.NONE, RuntimeServices.system())
                .compile(loaded.config(), new Diagnostics());
    }

    @Test
    void aFactoryThatBuildsNothingSilentlyGetsTheConfigRefused() {
        CompileResult result = compile("silent");
        assertThat(result.ok()).isFalse();
        assertThat(result.diagnostics().errors()).map(Diagnostic::render).singleElement().asString()
                .contains("filter_chains[0].filters[0].filter", "filter type silent was left out of the pipeline");
    }

    @Test
    void aFactoryThatExplainsKeepsItsOwnMessageAlone() {
        CompileResult result = compile("explains");
        assertThat(result.ok()).isFalse();
        assertThat(result.diagnostics().errors()).map(Diagnostic::render).singleElement().asString()
                .contains("not today").doesNotContain("left out");
    }
}
