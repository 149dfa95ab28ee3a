package io.jpraxis.core.pipeline.compile;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.FilterEntryReader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.DeclaredHttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.NestedPipelines;
import io.jpraxis.core.pipeline.NestedPipelines.Nesting;
import io.jpraxis.core.pipeline.OneStepFactory;
import io.jpraxis.core.runtime.RuntimeServices;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code FilterBuildContext.nested()} as the compiler provides it: a host filter ({@code nest})
 * builds its {@code inner} entries as a nested pipeline of an IRR step; {@code router} and
 * {@code blb} (a bound load balancer) are stand-ins with the traits the checks read.
 */
class NestedPipelinesTest {
    private static final FeatureSet FEATURES = FeatureSet.of(Feature.UPSTREAM_BINDING);
    private static final String HEAD = """
            listeners:
              - name: web
                address: "127.0.0.1:8080"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: nest
                    inner:
            """;

    private static CompileResult compile(String inner, String tail, int instanceLimit) {
        LoadResult loaded = new ConfigLoader().load(HEAD + inner + tail, FEATURES);
        assertThat(loaded.diagnostics().errors()).as("the config loads").isEmpty();
        FilterRegistry registry = new FilterRegistry().register(new Nest())
                .register(new Stand("router", Set.of(FilterTrait.ROUTER, FilterTrait.SELECTS_CLUSTER)))
                .register(new Stand("blb", Set.of(FilterTrait.SELECTS_ENDPOINT, FilterTrait.READS_BINDING)))
                .register(new Stand("lb", Set.of(FilterTrait.SELECTS_ENDPOINT)));
        return new PipelineCompiler(registry, FEATURES, RuntimeServices.system(), instanceLimit)
                .compile(loaded.config(), new Diagnostics());
    }

    private static List<String> errors(CompileResult r) {
        return r.diagnostics().errors().stream().map(Diagnostic::render).toList();
    }

    @Test
    void aBoundConsumerNeedsNoRouterUnderTheInheritedBinding() {
        CompileResult r = compile("          - filter: blb\n", "", 1000);
        assertThat(errors(r)).as("binding_guarantee counts a nested step as bound").isEmpty();
    }

    @Test
    void aRouterInAStepThatReadsTheBindingIsRefusedUnderTheStepsLabel() {
        CompileResult r = compile("          - filter: router\n          - filter: blb\n", "", 1000);
        assertThat(errors(r)).singleElement().asString()
                .startsWith("line 10: filter_chains[0].filters[0].inner[0]: invalid step 'inner': router at position 0 "
                        + "would publish a logical upstream binding");
    }

    @Test
    void stepChecksIgnoreEverySkipFlag() {
        String twoBalancers = "          - filter: router\n          - filter: lb\n          - filter: lb\n";
        String skipAll = """
                insecure_options:
                  skip_pipeline_validation: true
                  skip_pipeline_checks:
                    duplicate_load_balancers: true
                """;
        assertThat(errors(compile(twoBalancers, skipAll, 1000))).singleElement().asString()
                .contains("invalid step 'inner': lb at position 2 of step 'inner' is one of 2 lb filters");
    }

    @Test
    void nestedFiltersTakeFromTheBuildsInstanceBudget() {
        String three = "          - filter: router\n          - filter: lb\n          - filter: lb\n";
        assertThat(errors(compile(three, "", 3))).as("the host and three nested filters exceed 3 instances")
                .anySatisfy(e -> assertThat(e).contains("more than 3 filter instances"));
    }

    /** {@code nest}: builds its {@code inner} entries as an IRR step's pipeline. */
    private static final class Nest implements OneStepFactory {
        @Override
        public String type() {
            return "nest";
        }

        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            List<ConfigNode> items = options.list("inner").orElse(List.of());
            options.finish();
            List<FilterEntryConfig> entries = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                FilterEntryReader.read(items.get(i), options.path("inner").index(i), options.diagnostics(),
                        context.features()).ifPresent(entries::add);
            }
            return context.nested().build(Nesting.irrStep("inner", options.path("inner"), options.line()), entries,
                    options.diagnostics()).map(p -> new StandFilter("nest", Set.of(FilterTrait.ALWAYS_ANSWERS)));
        }
    }

    private record Stand(String type, Set<FilterTrait> traits) implements OneStepFactory {
        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            options.finish();
            return Optional.of(new StandFilter(type, traits));
        }
    }

    private record StandFilter(String type, Set<FilterTrait> traits) implements DeclaredHttpFilter {
        @Override
        public Object config() {
            return type;
        }

        @Override
        public FilterDeclaration declaration() {
            return FilterDeclaration.NONE.withTraits(traits);
        }
    }
}
