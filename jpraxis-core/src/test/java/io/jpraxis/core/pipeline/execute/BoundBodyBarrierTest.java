package io.jpraxis.core.pipeline.execute;

import static io.jpraxis.core.pipeline.TestFilters.branch;
import static io.jpraxis.core.pipeline.TestFilters.host;
import static io.jpraxis.core.pipeline.TestFilters.request;
import static io.jpraxis.core.pipeline.TestFilters.slot;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.BindingScan;
import io.jpraxis.core.pipeline.BodyFilter;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.BodyPlanner;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.Rejoin;
import io.jpraxis.core.pipeline.TestFilters;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The bound-upstream request-body barrier in the executor (see
 * docs/behaviour/binding.md#the-bound-body-barrier).
 */
class BoundBodyBarrierTest {
    private static final BodyMode BUFFER = BodyMode.buffer(64);

    private final List<String> journal = new ArrayList<>();

    private HttpFilter router() {
        return new TestFilters.Recording("router", journal, ctx -> {
            ctx.cluster("openai_backend");
            return FilterAction.CONTINUE;
        }) {
            @Override
            public FilterDeclaration declaration() {
                return super.declaration().withTraits(Set.of(FilterTrait.SELECTS_CLUSTER, FilterTrait.ROUTER));
            }
        };
    }

    private BodyFilter participant(String name, BodyAccess access) {
        return new BodyFilter(name, journal).request(BodyAccess.NONE, BUFFER).bound(access);
    }

    private static BodyFilter rewriting(BodyFilter f, String to) {
        return f.onBody((ctx, body) -> {
            body.replace(ByteBuffer.wrap(to.getBytes(StandardCharsets.UTF_8)));
            return FilterAction.CONTINUE;
        });
    }

    private static CompiledFilter at(int index, HttpFilter f) {
        return slot(index, f, RequestCondition.ALWAYS, FailureMode.CLOSED);
    }

    private static CompiledPipeline pipeline(long limit, CompiledFilter... filters) {
        List<CompiledFilter> list = List.of(filters);
        BindingScan scan = BindingScan.of(list, Map.of(), true);
        assertThat(scan.usesBinding()).as("a barrier participant makes the pipeline bind (docs/behaviour/binding.md#when-a-pipeline-binds)").isTrue();
        return new CompiledPipeline("test", list, BodyPlanner.plan(list, new BodyLimits(limit, null)), scan);
    }

    private static PipelineExecution preRead(CompiledPipeline pipeline, RequestContext ctx, String body) {
        PipelineExecution execution = PipelineExecution.begin(pipeline, ctx);
        assertThat(pipeline.body().preReads()).as("a participant's StreamBuffer makes the pipeline pre-read").isTrue();
        assertThat(execution.runPreRead(BodyChunk.of(body.getBytes(StandardCharsets.UTF_8), true)))
                .isInstanceOf(BodyVerdict.Pass.class);
        return execution;
    }

    private static RequestOutcome run(PipelineExecution execution) {
        return execution.runRequest().toCompletableFuture().join();
    }

    private static String text(ByteBuffer b) {
        return b == null ? null : StandardCharsets.UTF_8.decode(b).toString();
    }

    @Test
    void participantsRunOnceAtTheFreezeBeforeTheRoutersBranchesNotAtPreRead() {
        CompiledPipeline pipeline = pipeline(100,
                host(0, router(), branch("b", Rejoin.NEXT, at(3, new BodyFilter("in-branch", journal)))),
                at(1, rewriting(participant("writer", BodyAccess.READ_WRITE), "rewritten")),
                at(2, participant("reader", BodyAccess.READ_ONLY)));
        PipelineExecution execution = preRead(pipeline, request("POST", "/"), "original");
        assertThat(journal).as("no participant runs at pre-read").isEmpty();
        run(execution);
        assertThat(journal).containsSubsequence("req:router", "boundbody:writer:original", "boundbody:reader:rewritten",
                "req:in-branch", "req:writer", "req:reader");
        assertThat(journal.stream().filter(e -> e.startsWith("boundbody:writer")).count()).isEqualTo(1);
        assertThat(text(execution.rewrittenRequestBody())).as("the writer's output is the request's body")
                .isEqualTo("rewritten");
    }

    @Test
    void theBarrierRunsOnceHoweverOftenTheRouterReEnters() {
        CompiledPipeline pipeline = pipeline(100,
                at(0, router()),
                at(1, participant("reader", BodyAccess.READ_ONLY)),
                host(2, new BodyFilter("loop", journal), branch("again", null, new Rejoin.ReEnter(0), 3)));
        PipelineExecution execution = preRead(pipeline, request("POST", "/"), "x");
        run(execution);
        assertThat(journal.stream().filter(e -> e.equals("req:router")).count()).as("the router re-entered")
                .isGreaterThan(1);
        assertThat(journal.stream().filter(e -> e.startsWith("boundbody:")).count()).isEqualTo(1);
        assertThat(execution.rewrittenRequestBody()).as("a reader changes nothing").isNull();
    }

    @Test
    void aReadOnlyParticipantThatReplacesTheBodyFailsAndCannotChangeIt() {
        CompiledPipeline closed = pipeline(100, at(0, router()),
                at(1, rewriting(participant("reader", BodyAccess.READ_ONLY), "changed")));
        PipelineExecution execution = preRead(closed, request("POST", "/"), "original");
        assertThat(run(execution)).isEqualTo(new RequestOutcome.Reject(500, FilterCalls.FILTER_ERROR));
        assertThat(execution.rewrittenRequestBody()).isNull();

        CompiledPipeline open = pipeline(100, at(0, router()),
                slot(1, rewriting(participant("reader", BodyAccess.READ_ONLY), "changed"), RequestCondition.ALWAYS,
                        FailureMode.OPEN));
        PipelineExecution openExecution = preRead(open, request("POST", "/"), "original");
        run(openExecution);
        assertThat(openExecution.rewrittenRequestBody()).as("failing open still leaves the body as it was").isNull();
    }

    @Test
    void aRewriteOverTheRequestLimitIs413() {
        CompiledPipeline pipeline = pipeline(10, at(0, router()),
                at(1, rewriting(participant("writer", BodyAccess.READ_WRITE), "much more than ten bytes")));
        PipelineExecution execution = preRead(pipeline, request("POST", "/"), "small");
        assertThat(run(execution)).isEqualTo(new RequestOutcome.Reject(413, BoundBodyBarrier.TOO_LARGE));
        assertThat(execution.rewrittenRequestBody()).isNull();
    }

    @Test
    void conditionsAreEvaluatedAtTheBarrierAgainstTheRequestAsItStandsThen() {
        HttpFilter marker = new TestFilters.Recording("marker", journal, ctx -> {
            ctx.headers().set("x-marked", "yes");
            return FilterAction.CONTINUE;
        });
        RequestCondition marked = ctx -> ctx.headers().contains("x-marked");
        CompiledPipeline pipeline = pipeline(100, at(0, router()),
                slot(1, participant("gated", BodyAccess.READ_ONLY), marked, FailureMode.CLOSED),
                at(2, marker));
        run(preRead(pipeline, request("POST", "/"), "x"));
        assertThat(journal).as("the marker set its header after the barrier ran").contains("req:marker")
                .noneMatch(e -> e.startsWith("boundbody:gated"));
    }

    @Test
    void aRequestWithoutABodyGivesParticipantsAnEmptyBody() {
        CompiledPipeline pipeline = pipeline(100, at(0, router()),
                at(1, rewriting(participant("writer", BodyAccess.READ_WRITE), "invented")));
        PipelineExecution execution = PipelineExecution.begin(pipeline, request("GET", "/"));
        run(execution);
        assertThat(journal).contains("boundbody:writer:");
        assertThat(execution.rewrittenRequestBody()).as("a body the request never had is not sent").isNull();
    }

    @Test
    void aFilterDeclaringBothAccessesWithoutABoundConditionRunsAtPreRead() {
        BodyFilter both = new BodyFilter("both", journal).request(BodyAccess.READ_ONLY, BUFFER)
                .bound(BodyAccess.READ_ONLY);
        List<CompiledFilter> list = List.of(at(0, router()), at(1, both));
        BodyPlan plan = BodyPlanner.plan(list, BodyLimits.DEFAULT);
        assertThat(plan.requestFilters()).extracting(f -> f.filter().type()).containsExactly("both");
        assertThat(plan.hasBarrier()).isFalse();
    }
}
