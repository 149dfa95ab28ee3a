package io.jpraxis.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.compile.PipelineCompiler;
import io.jpraxis.core.runtime.RuntimeServices;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Values filters share within one pipeline (see
 * docs/behaviour/config-loading.md#values-filters-share-within-a-pipeline): per listener, per
 * build, visible to a reader created before the publisher.
 */
class PipelineExportsTest {
    private static final PipelineExports.Key<String> NAMES = new PipelineExports.Key<>("names", String.class);

    /** {@code publish: <value>} publishes; every filter reads the pipeline's view. */
    private static final class Sharing implements FilterFactory<String> {
        @Override
        public String type() {
            return "sharing";
        }

        @Override
        public Optional<String> read(MapReader options, FilterReadContext context) {
            String value = options.string("publish").orElse("");
            options.finish();
            return Optional.of(value);
        }

        @Override
        public FilterDeclaration declare(String config) {
            return FilterDeclaration.NONE;
        }

        @Override
        public HttpFilter create(String config, FilterBuildContext context) {
            if (!config.isEmpty()) {
                context.pipelineExports().publish(NAMES, config);
            }
            return new Reader(config, context.pipelineExports().published(NAMES));
        }
    }

    private record Reader(String config, List<String> seen) implements HttpFilter {
        @Override
        public String type() {
            return "sharing";
        }

        @Override
        public FilterAction onRequest(RequestContext ctx) {
            return FilterAction.CONTINUE;
        }
    }

    private static CompileResult compile(String yaml) {
        LoadResult loaded = new ConfigLoader().load(yaml, FeatureSet.NONE);
        assertThat(loaded.diagnostics().errors().stream().map(Diagnostic::render)).isEmpty();
        CompileResult result = new PipelineCompiler(new FilterRegistry().register(new Sharing()), FeatureSet.NONE,
                RuntimeServices.system()).compile(loaded.config(), new Diagnostics());
        assertThat(result.diagnostics().errors().stream().map(Diagnostic::render)).isEmpty();
        return result;
    }

    private static List<String> seenBy(CompileResult result, int listener) {
        return ((Reader) result.gateway().listeners().get(listener).pipeline().filters().getFirst().filter()).seen();
    }

    private static final String YAML = """
            listeners:
              - {name: a, address: "127.0.0.1:8080", filter_chains: [shared, a]}
              - {name: b, address: "127.0.0.1:8081", filter_chains: [shared, b]}
            filter_chains:
              - name: shared
                filters:
                  - filter: sharing
              - name: a
                filters:
                  - {filter: sharing, publish: first}
                  - {filter: sharing, publish: second}
              - name: b
                filters:
                  - {filter: sharing, publish: other}
            """;

    @Test
    void eachListenerSeesOnlyItsOwnPipelinesValuesEvenFromFiltersCreatedAfterTheReader() {
        CompileResult result = compile(YAML);

        assertThat(seenBy(result, 0)).as("the shared chain's instance in listener a sees a's values, in order")
                .containsExactly("first", "second");
        assertThat(seenBy(result, 1)).as("its instance in listener b sees b's only").containsExactly("other");
        result.gateway().close();
    }

    @Test
    void aNewBuildStartsFromNothing() {
        CompileResult first = compile(YAML);
        CompileResult second = compile(YAML);

        assertThat(seenBy(second, 0)).as("a reload's generation never sees the old one's values")
                .containsExactly("first", "second");
        assertThat(seenBy(first, 0)).as("nor the old one the new one's").containsExactly("first", "second");
        first.gateway().close();
        second.gateway().close();
    }
}
