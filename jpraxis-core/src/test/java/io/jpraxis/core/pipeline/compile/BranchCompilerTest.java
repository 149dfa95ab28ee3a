package io.jpraxis.core.pipeline.compile;

import static io.jpraxis.core.pipeline.TestFilters.request;
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
import io.jpraxis.core.pipeline.BranchSpec;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.OneStepFactory;
import io.jpraxis.core.pipeline.Rejoin;
import io.jpraxis.core.pipeline.TestFilters;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.runtime.RuntimeServices;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Branches compiled from YAML: resolved rejoins, expanded references, slots, and the build's limits. */
class BranchCompilerTest {
    private static final String HEAD = """
            listeners:
              - name: web
                address: "127.0.0.1:8080"
                filter_chains: [%s]
            filter_chains:
            """;

    /** {@code mark} appends its {@code tag} to the request's {@code x-trail} header. */
    private static final class MarkFactory implements OneStepFactory {
        @Override
        public String type() {
            return "mark";
        }

        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            String tag = options.requiredString("tag");
            options.finish();
            return Optional.ofNullable(tag).map(t -> new HttpFilter() {
                @Override
                public String type() {
                    return "mark";
                }

                @Override
                public Object config() {
                    return t;
                }

                @Override
                public FilterAction onRequest(RequestContext ctx) {
                    String trail = ctx.headers().get("x-trail");
                    ctx.headers().set("x-trail", trail == null ? t : trail + "," + t);
                    return FilterAction.CONTINUE;
                }
            });
        }
    }

    private static CompileResult compile(String listenerChains, String chains, int instanceLimit) {
        LoadResult loaded = new ConfigLoader().load(HEAD.formatted(listenerChains) + chains, FeatureSet.NONE);
        assertThat(loaded.diagnostics().errors()).as("the config loads").isEmpty();
        FilterRegistry registry = new FilterRegistry().register(new MarkFactory());
        return new PipelineCompiler(registry, FeatureSet.NONE, RuntimeServices.system(), instanceLimit)
                .compile(loaded.config(), new Diagnostics());
    }

    private static CompiledPipeline compiled(String listenerChains, String chains) {
        CompileResult result = compile(listenerChains, chains, PipelineCompiler.MAX_FILTER_INSTANCES);
        assertThat(result.diagnostics().errors().stream().map(Diagnostic::render)).isEmpty();
        return result.gateway().listeners().getFirst().pipeline();
    }

    private static List<String> errors(CompileResult result) {
        return result.diagnostics().errors().stream().map(Diagnostic::render).toList();
    }

    private static String trail(CompiledPipeline p, String path) {
        RequestContext ctx = request("GET", path);
        PipelineExecution.begin(p, ctx).runRequest().toCompletableFuture().join();
        return ctx.headers().get("x-trail");
    }

    @Test
    void rejoinsResolveToIndicesOfTheFlattenedPipeline() {
        CompiledPipeline p = compiled("first, second", """
                  - name: first
                    filters:
                      - filter: mark
                        tag: a
                        name: start
                      - filter: mark
                        tag: b
                        name: host
                        branch_chains:
                          - {name: forward, chains: [util], rejoin: target}
                          - {name: back, chains: [util], rejoin: start, max_iterations: 2}
                          - {name: self, chains: [util], rejoin: host, max_iterations: 1}
                          - {name: stop, chains: [util], rejoin: client}
                          - {name: onward, chains: [util]}
                  - name: second
                    filters:
                      - filter: mark
                        tag: c
                      - filter: mark
                        tag: d
                        name: target
                  - name: util
                    filters:
                      - filter: mark
                        tag: u
                """);

        assertThat(p.branches(1)).extracting(BranchSpec::rejoin).as("entry names span both chains")
                .containsExactly(new Rejoin.SkipTo(3), new Rejoin.ReEnter(0), new Rejoin.ReEnter(1), Rejoin.TERMINAL,
                        Rejoin.NEXT);
        assertThat(p.branches(1)).extracting(BranchSpec::maxIterations).containsExactly(0, 2, 1, 0, 0);
        assertThat(p.branches(0)).isEmpty();
    }

    @Test
    void aNestedRejoinResolvesInItsOwnSubChainAndIsFlaggedAsDiscarded() {
        CompileResult result = compile("main", """
                  - name: main
                    filters:
                      - filter: mark
                        tag: a
                        name: outer_target
                        branch_chains:
                          - name: outer
                            chains:
                              - name: sub
                                filters:
                                  - filter: mark
                                    tag: x
                                    branch_chains:
                                      - {name: inner, chains: [util], rejoin: sub_target}
                                  - filter: mark
                                    tag: y
                                    name: sub_target
                  - name: util
                    filters:
                      - filter: mark
                        tag: u
                """, PipelineCompiler.MAX_FILTER_INSTANCES);

        assertThat(errors(result)).isEmpty();
        CompiledFilter inner = result.gateway().listeners().getFirst().pipeline().branches(0).getFirst().filters()
                .getFirst();
        assertThat(inner.branches().getFirst().rejoin()).as("index 1 of the sub-chain, not of the pipeline")
                .isEqualTo(new Rejoin.SkipTo(1));
        assertThat(result.diagnostics().warnings().stream().map(Diagnostic::render))
                .anySatisfy(w -> assertThat(w).contains("is discarded at runtime"));
    }

    @Test
    void aNamedReferenceBringsItsChainsConditions() {
        CompiledPipeline p = compiled("main", """
                  - name: main
                    filters:
                      - filter: mark
                        tag: host
                        branch_chains:
                          - {name: b, chains: [api_only, {name: always, filters: [{filter: mark, tag: inline}]}]}
                  - name: api_only
                    conditions:
                      - when: {path_prefix: /api}
                    filters:
                      - filter: mark
                        tag: api
                """);

        assertThat(trail(p, "/api/x")).isEqualTo("host,api,inline");
        assertThat(trail(p, "/web")).as("the chain's conditions gate its filters inside the branch too")
                .isEqualTo("host,inline");
    }

    @Test
    void branchFiltersGetSlotsOfTheirOwnAfterThePipeline() {
        CompiledPipeline p = compiled("main", """
                  - name: main
                    filters:
                      - filter: mark
                        tag: a
                        branch_chains:
                          - {name: b1, chains: [util, util2]}
                          - {name: b2, chains: [util]}
                      - filter: mark
                        tag: b
                  - name: util
                    filters:
                      - filter: mark
                        tag: u
                  - name: util2
                    filters:
                      - filter: mark
                        tag: v
                """);

        List<Integer> slots = p.allSlots().stream().map(CompiledFilter::index).toList();
        assertThat(slots).as("top level first by position, each followed by its branch filters")
                .containsExactly(0, 2, 3, 4, 1);
        Set<HttpFilter> instances = new HashSet<>();
        p.allSlots().forEach(f -> instances.add(f.filter()));
        assertThat(instances).as("a chain referenced twice is built twice (own state per place)").hasSize(5);
    }

    @Test
    void aBrokenEntryOfAChainExpandedTwiceIsReportedOnce() {
        CompileResult result = compile("main", """
                  - name: main
                    filters:
                      - filter: mark
                        tag: a
                        branch_chains:
                          - {name: b1, chains: [util]}
                          - {name: b2, chains: [util]}
                  - name: util
                    filters:
                      - filter: mark
                """, PipelineCompiler.MAX_FILTER_INSTANCES);

        assertThat(errors(result)).singleElement().satisfies(e -> assertThat(e)
                .isEqualTo("line 15: filter_chains[1].filters[0].tag: missing (expected: a value; this key is required)"
                        + " [filter mark, chain util]"));
    }

    @Test
    void namedReferencesCountTowardsTheNestingDepth() {
        StringBuilder chains = new StringBuilder();
        for (int i = 0; i <= 11; i++) {
            chains.append("""
                      - name: c%d
                        filters:
                          - filter: mark
                            tag: t%d
                    """.formatted(i, i));
            if (i < 11) {
                chains.append("""
                                branch_chains:
                                  - {name: to%d, chains: [c%d]}
                        """.formatted(i + 1, i + 1));
            }
        }

        CompileResult result = compile("c0", chains.toString(), PipelineCompiler.MAX_FILTER_INSTANCES);

        assertThat(errors(result)).singleElement().satisfies(e -> assertThat(e)
                .contains("branch_chains[0]: branch sub-chain at nesting depth 11 (expected: at most 10 levels")
                .contains("[filter mark, chain c10, branch to11]"));
    }

    @Test
    void aFanOutOfNamedReferencesStopsAtTheInstanceBudget() {
        CompileResult result = compile("top", """
                  - name: leaf
                    filters:
                      - {filter: mark, tag: leaf}
                  - name: mid
                    filters:
                      - filter: mark
                        tag: mid
                        branch_chains:
                          - {name: fan1, chains: [leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf]}
                  - name: top
                    filters:
                      - filter: mark
                        tag: top
                        branch_chains:
                          - {name: fan2, chains: [mid, mid, mid, mid, mid, mid, mid, mid, mid, mid]}
                """, 50);

        assertThat(errors(result)).containsExactly("filter_chains: more than 50 filter instances (expected: at most 50"
                + " per build; named chain references in branches multiply, reduce references per branch or their"
                + " nesting)");
        assertThat(result.gateway()).isNull();
    }
}
