package io.jpraxis.core.pipeline.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.Declares;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.OneStepFactory;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.compile.PipelineCompiler;
import io.jpraxis.core.runtime.RuntimeServices;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Compiles YAML with stand-in filter types whose traits are all the checks look at: {@code router}
 * (router, selects the {@code clusters} it lists), {@code selector} (another kind of selector),
 * {@code lb} (load balancer serving its {@code clusters}), {@code guard} (security), {@code soft} (security, non-gating), {@code answer}
 * (always answers), {@code trace} (decides before routing), {@code reader} (reads request
 * bodies), {@code buffer} (reads request bodies at pre-read), {@code tag} (none); for binding,
 * {@code blb} (a load balancer reading the binding), {@code maybe} (answers some requests) and
 * {@code iterative_request_router} (answers, owns its exchanges; {@code steps} lists the steps that
 * read the binding, {@code pre_read: true} makes it buffer request bodies as the real one does).
 * A load balancer's {@code clusters} item may carry tags: {@code name=protocol/provider}, {@code -}
 * for an absent one. {@code breaker} acts on the cluster (as circuit_breaker does), {@code auth}
 * sets the authenticated subject and {@code keyed} needs it; {@code catalog} lists the models
 * {@code models} (a cluster selector, as intelligent_route) names. Feature upstream-binding is on.
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
            .register(new Stand("soft", Set.of(FilterTrait.SECURITY, FilterTrait.NON_GATING)))
            .register(new Stand("answer", Set.of(FilterTrait.ALWAYS_ANSWERS)))
            .register(new Stand("trace", Set.of(FilterTrait.DECIDES_BEFORE_ROUTING)))
            .register(new Stand("reader", Set.of()))
            .register(new Stand("buffer", Set.of()))
            .register(new Stand("tag", Set.of()))
            .register(new Stand("blb", Set.of(FilterTrait.SELECTS_ENDPOINT, FilterTrait.READS_BINDING)))
            .register(new Stand("maybe", Set.of(FilterTrait.MAY_ANSWER)))
            .register(new Stand("catalog", Set.of(FilterTrait.MAY_ANSWER, FilterTrait.LISTS_MODELS)))
            .register(new Stand("models", Set.of(FilterTrait.SELECTS_CLUSTER, FilterTrait.NAMES_MODELS)))
            .register(new Stand("breaker", Set.of(FilterTrait.READS_CLUSTER)))
            .register(new Stand("auth", Set.of(FilterTrait.SECURITY, FilterTrait.SETS_SUBJECT)))
            .register(new Stand("keyed", Set.of(FilterTrait.SECURITY, FilterTrait.READS_SUBJECT)))
            .register(new Stand("iterative_request_router",
                    Set.of(FilterTrait.ALWAYS_ANSWERS, FilterTrait.ITERATIVE_ROUTER)));
    static final FeatureSet FEATURES = FeatureSet.of(Feature.UPSTREAM_BINDING);

    private CheckFixture() {
    }

    /** {@code filters} (YAML list items indented for {@link #HEAD}) plus any top-level keys after them. */
    static CompileResult compile(String filters) {
        return compileYaml(HEAD + filters);
    }

    static CompileResult compileYaml(String yaml) {
        LoadResult loaded = new ConfigLoader().load(yaml, FEATURES);
        assertThat(loaded.diagnostics().errors().stream().map(Diagnostic::render)).as("the config loads").isEmpty();
        return new PipelineCompiler(REGISTRY, FEATURES, RuntimeServices.system())
                .compile(loaded.config(), new Diagnostics());
    }

    static List<String> errors(CompileResult result) {
        return result.diagnostics().errors().stream().map(Diagnostic::render).toList();
    }

    static List<String> warnings(CompileResult result) {
        return result.diagnostics().warnings().stream().map(Diagnostic::render).toList();
    }

    /** The messages of {@code check}'s findings in the first listener. */
    static List<String> findings(CompileResult result, OrderingRule check) {
        return result.reports().getFirst().result(check).findings().stream().map(Diagnostic::message).toList();
    }

    static Verdict verdict(CompileResult result, OrderingRule check) {
        return result.reports().getFirst().result(check).verdict();
    }

    static FlowGraph graph(CompileResult result) {
        return result.reports().getFirst().graph();
    }

    static BindingReport binding(CompileResult result) {
        return result.reports().getFirst().binding();
    }

    /** A stand-in filter type with fixed traits. */
    private record Stand(String type, Set<FilterTrait> traits) implements OneStepFactory {
        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            List<String> clusters = options.strings("clusters").orElse(List.of());
            List<String> steps = options.strings("steps").orElse(List.of());
            boolean preRead = options.bool("pre_read").orElse(false);
            options.finish();
            Map<String, ClusterTags> tags = new LinkedHashMap<>();
            for (String c : clusters) {
                String[] nameAndTags = c.split("=", 2);
                String[] pt = nameAndTags.length == 2 ? nameAndTags[1].split("/", 2) : new String[] {"-", "-"};
                tags.put(nameAndTags[0], new ClusterTags(pt[0].equals("-") ? null : pt[0],
                        pt[1].equals("-") ? null : pt[1]));
            }
            return Optional.of(new StandFilter(type, traits, tags, steps, preRead));
        }
    }

    private record StandFilter(String type, Set<FilterTrait> traits, Map<String, ClusterTags> tags,
            List<String> steps, boolean preRead) implements HttpFilter, Declares {
        @Override
        public Object config() {
            return tags.keySet();
        }

        @Override
        public FilterDeclaration declaration() {
            List<String> selectable = traits.contains(FilterTrait.SELECTS_CLUSTER) ? List.copyOf(tags.keySet())
                    : List.of();
            List<String> served = traits.contains(FilterTrait.SELECTS_ENDPOINT) ? List.copyOf(tags.keySet())
                    : List.of();
            Map<String, ClusterTags> declared = traits.contains(FilterTrait.SELECTS_ENDPOINT)
                    || type.equals("iterative_request_router") ? tags : Map.of();
            BodyAccess access = type.equals("reader") || type.equals("buffer") || preRead ? BodyAccess.READ_ONLY
                    : BodyAccess.NONE;
            BodyMode mode = type.equals("buffer") || preRead ? new BodyMode.StreamBuffer(65536L) : BodyMode.STREAM;
            return FilterDeclaration.NONE.withTraits(traits).withRequestBody(access, mode)
                    .withClusters(new FilterDeclaration.Clusters(declared, selectable, served))
                    .withNested(new FilterDeclaration.Nested(List.of(), steps, List.of()));
        }
    }
}
