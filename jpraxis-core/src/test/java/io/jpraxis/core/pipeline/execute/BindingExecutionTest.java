package io.jpraxis.core.pipeline.execute;

import static io.jpraxis.core.pipeline.TestFilters.branch;
import static io.jpraxis.core.pipeline.TestFilters.host;
import static io.jpraxis.core.pipeline.TestFilters.request;
import static io.jpraxis.core.pipeline.TestFilters.slot;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.binding.BindingState;
import io.jpraxis.core.binding.BoundUpstream;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.BindingScan;
import io.jpraxis.core.pipeline.BodyPlanner;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.Rejoin;
import io.jpraxis.core.pipeline.TestFilters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Binding routers, the freeze and rebind refusal in the executor (see
 * docs/behaviour/binding.md#the-freeze).
 */
class BindingExecutionTest {
    private static final ClusterTags OPENAI = new ClusterTags("openai_responses", "openai");

    private final List<String> journal = new ArrayList<>();

    /** A router that always routes to {@code cluster}. */
    private HttpFilter router(String name, String cluster) {
        return new TestFilters.Recording(name, journal, ctx -> {
            ctx.cluster(cluster);
            return FilterAction.CONTINUE;
        }) {
            @Override
            public FilterDeclaration declaration() {
                return super.declaration().withTraits(Set.of(FilterTrait.SELECTS_CLUSTER, FilterTrait.ROUTER));
            }
        };
    }

    /** Reads the binding (so the pipeline binds), declares the catalog, and notes what it saw. */
    private HttpFilter consumer(String name) {
        return new TestFilters.Recording(name, journal, ctx -> {
            BoundUpstream bound = BindingState.current(ctx);
            journal.add(name + " saw " + (bound == null ? "nothing" : bound.cluster() + " " + bound.tags()
                    + (BindingState.of(ctx).frozen() ? " frozen" : " unfrozen")));
            return FilterAction.CONTINUE;
        }) {
            @Override
            public FilterDeclaration declaration() {
                return super.declaration().withTraits(Set.of(FilterTrait.READS_BINDING)).withClusters(
                        new FilterDeclaration.Clusters(Map.of("openai_backend", OPENAI), List.of(), List.of()));
            }
        };
    }

    private static CompiledFilter at(int index, HttpFilter f) {
        return slot(index, f, RequestCondition.ALWAYS, FailureMode.CLOSED);
    }

    private static CompiledPipeline binding(CompiledFilter... filters) {
        List<CompiledFilter> list = List.of(filters);
        BindingScan scan = BindingScan.of(list, Map.of());
        assertThat(scan.usesBinding()).as("the test pipeline reads the binding").isTrue();
        return new CompiledPipeline("test", list, BodyPlanner.plan(list, BodyLimits.DEFAULT), scan);
    }

    private static RequestOutcome run(CompiledPipeline pipeline, RequestContext ctx) {
        return PipelineExecution.begin(pipeline, ctx).runRequest().toCompletableFuture().join();
    }

    @Test
    void aPipelineThatReadsNoBindingNeverTouchesTheExtensions() {
        CompiledPipeline plain = TestFilters.pipeline(router("r", "openai_backend"));
        RequestContext ctx = request("GET", "/");
        run(plain, ctx);
        assertThat(ctx.cluster()).isEqualTo("openai_backend");
        assertThat(plain.binding().usesBinding()).isFalse();
        assertThat(BindingState.current(ctx)).as("routers of a non-binding pipeline publish nothing").isNull();
    }

    @Test
    void theRouterBindsItsClusterWithCatalogTagsAndFreezesBeforeItsBranchesRun() {
        CompiledPipeline pipeline = binding(
                host(0, router("r", "openai_backend"), branch("b", Rejoin.NEXT, at(2, consumer("in-branch")))),
                at(1, consumer("after")));
        RequestContext ctx = request("GET", "/");
        run(pipeline, ctx);
        assertThat(journal).containsSubsequence(
                "in-branch saw openai_backend protocol=openai_responses, provider=openai frozen",
                "after saw openai_backend protocol=openai_responses, provider=openai frozen");
        assertThat(ctx.cluster()).as("the router still sets ctx.cluster").isEqualTo("openai_backend");
        assertThat(ctx.upstream()).as("binding never picks an endpoint").isNull();
    }

    @Test
    void aClusterNoLoadBalancerDeclaresBindsWithoutTags() {
        CompiledPipeline pipeline = binding(at(0, router("r", "elsewhere")), at(1, consumer("c")));
        run(pipeline, request("GET", "/"));
        assertThat(journal).contains("c saw elsewhere (no tags) frozen");
    }

    @Test
    void aConsumerBeforeTheRouterSeesNothing() {
        CompiledPipeline pipeline = binding(at(0, consumer("early")), at(1, router("r", "openai_backend")));
        run(pipeline, request("GET", "/"));
        assertThat(journal).contains("early saw nothing");
    }

    @Test
    void aSecondRouterOfTheSameClusterIsANoOp() {
        CompiledPipeline pipeline = binding(at(0, router("r1", "openai_backend")), at(1, router("r2", "openai_backend")),
                at(2, consumer("c")));
        RequestOutcome outcome = run(pipeline, request("GET", "/"));
        assertThat(outcome).as("no load balancer, but no conflict either").isInstanceOf(RequestOutcome.NoUpstream.class);
        assertThat(journal).contains("c saw openai_backend protocol=openai_responses, provider=openai frozen");
    }

    @Test
    void aSecondRouterOfAnotherClusterFailsClosedWith500() {
        CompiledPipeline pipeline = binding(at(0, router("r1", "openai_backend")), at(1, router("r2", "generic")),
                at(2, consumer("c")));
        RequestContext ctx = request("GET", "/");
        RequestOutcome outcome = run(pipeline, ctx);
        assertThat(outcome).isEqualTo(new RequestOutcome.Reject(500, BindingPublisher.REBIND_REFUSED));
        assertThat(journal).as("nothing after the rebind attempt ran").doesNotContain("req:c");
        assertThat(BindingState.current(ctx).cluster()).as("the binding did not change").isEqualTo("openai_backend");
    }

    @Test
    void aReEnteredRouterRepublishesTheSameClusterAsANoOp() {
        CompiledPipeline pipeline = binding(
                host(0, router("r", "openai_backend"), branch("again", null, new Rejoin.ReEnter(0), 2)),
                at(1, consumer("c")));
        RequestOutcome outcome = run(pipeline, request("GET", "/"));
        assertThat(outcome).isInstanceOf(RequestOutcome.NoUpstream.class);
        assertThat(journal.stream().filter("req:r"::equals)).as("the router ran three times").hasSize(3);
        assertThat(journal).contains("c saw openai_backend protocol=openai_responses, provider=openai frozen");
    }

    @Test
    void aRouterInsideABranchAlsoPublishes() {
        CompiledPipeline pipeline = binding(
                host(0, consumer("host"), branch("b", Rejoin.NEXT, at(2, router("inner", "openai_backend")))),
                at(1, consumer("after")));
        run(pipeline, request("GET", "/"));
        assertThat(journal).contains("host saw nothing",
                "after saw openai_backend protocol=openai_responses, provider=openai frozen");
    }

    @Test
    void aRouterThatRejectsPublishesNothing() {
        HttpFilter noRoute = new TestFilters.Recording("r", journal, ctx -> FilterAction.reject(404, "no route")) {
            @Override
            public FilterDeclaration declaration() {
                return super.declaration().withTraits(Set.of(FilterTrait.ROUTER));
            }
        };
        RequestContext ctx = request("GET", "/");
        assertThat(run(binding(at(0, noRoute), at(1, consumer("c"))), ctx))
                .isEqualTo(new RequestOutcome.Reject(404, "no route"));
        assertThat(BindingState.current(ctx)).isNull();
    }
}
