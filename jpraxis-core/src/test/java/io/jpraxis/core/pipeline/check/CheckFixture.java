package io.jpraxis.core.pipeline.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.FilterBuildContext;
import io.jpraxis.core.filter.FilterFactory;
import io.jpraxis.core.filter.FilterRegistry;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.CompileResult;
import io.jpraxis.core.pipeline.PipelineCompiler;
import io.jpraxis.core.runtime.RuntimeServices;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Compiles YAML with stand-in filter types whose traits are all the checks look at: {@code router}
 * (router, selects the {@code clusters} it lists), {@code selector} (another kind of selector),
 * {@code lb} (load balancer serving its {@code clusters}), {@code guard} (security), {@code answer}
 * (always answers), {@code trace} (decides before routing), {@code reader} (reads request
 * bodies) and {@code tag} (none).
 */
final class CheckFixture {
    static final String HEAD = """
            listeners:
              - name: web
                address: "127.0.0.1:8080"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
            """;

    private static final FilterRegistry REGISTRY = new FilterRegistry()
            .register(new Stand("router", Set.of(FilterTrait.ROUTER, FilterTrait.SELECTS_CLUSTER)))
            .register(new Stand("selector", Set.of(FilterTrait.SELECTS_CLUSTER)))
            .register(new Stand("lb", Set.of(FilterTrait.SELECTS_ENDPOINT)))
            .register(new Stand("guard", Set.of(FilterTrait.SECURITY)))
            .register(new Stand("answer", Set.of(FilterTrait.ALWAYS_ANSWERS)))
            .register(new Stand("trace", Set.of(FilterTrait.DECIDES_BEFORE_ROUTING)))
            .register(new Stand("reader", Set.of()))
            .register(new Stand("tag", Set.of()));

    private CheckFixture() {
    }

    /** {@code filters} (YAML list items indented for {@link #HEAD}) plus any top-level keys after them. */
    static CompileResult compile(String filters) {
        return compileYaml(HEAD + filters);
    }

    static CompileResult compileYaml(String yaml) {
        LoadResult loaded = new ConfigLoader().load(yaml, FeatureSet.NONE);
        assertThat(loaded.diagnostics().errors().stream().map(Diagnostic::render)).as("the config loads").isEmpty();
        return new PipelineCompiler(REGISTRY, FeatureSet.NONE, RuntimeServices.system())
                .compile(loaded.config(), new Diagnostics());
    }

    static List<String> errors(CompileResult result) {
        return result.diagnostics().errors().stream().map(Diagnostic::render).toList();
    }

    static List<String> warnings(CompileResult result) {
        return result.diagnostics().warnings().stream().map(Diagnostic::render).toList();
    }

    /** The messages of {@code check}'s findings in the first listener. */
    static List<String> findings(CompileResult result, OrderingCheck check) {
        return result.reports().getFirst().result(check).findings().stream().map(Diagnostic::message).toList();
    }

    static Verdict verdict(CompileResult result, OrderingCheck check) {
        return result.reports().getFirst().result(check).verdict();
    }

    static FlowGraph graph(CompileResult result) {
        return result.reports().getFirst().graph();
    }

    /** A stand-in filter type with fixed traits. */
    private record Stand(String type, Set<FilterTrait> traits) implements FilterFactory {
        @Override
        public Optional<HttpFilter> create(MapReader options, FilterBuildContext context) {
            List<String> clusters = options.strings("clusters").orElse(List.of());
            options.finish();
            return Optional.of(new StandFilter(type, traits, clusters));
        }
    }

    private record StandFilter(String type, Set<FilterTrait> traits, List<String> clusters) implements HttpFilter {
        @Override
        public Object config() {
            return clusters;
        }

        @Override
        public List<String> selectableClusters() {
            return traits.contains(FilterTrait.SELECTS_CLUSTER) ? clusters : List.of();
        }

        @Override
        public List<String> servedClusters() {
            return traits.contains(FilterTrait.SELECTS_ENDPOINT) ? clusters : List.of();
        }

        @Override
        public BodyAccess requestBodyAccess() {
            return type.equals("reader") ? BodyAccess.READ_ONLY : BodyAccess.NONE;
        }
    }
}
