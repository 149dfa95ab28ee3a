package io.jpraxis.core.pipeline.execute;

import static io.jpraxis.core.pipeline.TestFilters.branch;
import static io.jpraxis.core.pipeline.TestFilters.request;
import static io.jpraxis.core.pipeline.TestFilters.slot;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.model.ResultMatch;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.BodyFilter;
import io.jpraxis.core.pipeline.BodyPlan;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.Rejoin;
import io.jpraxis.core.pipeline.ResultMatcher;
import io.jpraxis.core.pipeline.TestFilters;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Body hooks at runtime (the pre-read special case (see
 * docs/behaviour/body-access.md#access-and-delivery-modes,
 * docs/behaviour/conditions.md#request-conditions)), driven through the executor.
 */
class BodyHooksTest {
    private static final long MIB = 1024 * 1024;
    private final List<String> journal = new ArrayList<>();

    private BodyFilter reader(String name) {
        return new BodyFilter(name, journal).request(BodyAccess.READ_ONLY, BodyMode.buffer(MIB));
    }

    private static BodyChunk body(String text) {
        return BodyChunk.of(text.getBytes(StandardCharsets.UTF_8), true);
    }

    private static BodyChunk piece(String text, boolean last) {
        return BodyChunk.of(text.getBytes(StandardCharsets.UTF_8), last);
    }

    private static CompiledFilter at(int index, BodyFilter f, RequestCondition condition) {
        return slot(index, f, condition, FailureMode.CLOSED);
    }

    private static RequestCondition header(String name, String value) {
        return ctx -> value.equals(ctx.headers().get(name));
    }

    private static RequestOutcome run(PipelineExecution execution) {
        return execution.runRequest().toCompletableFuture().join();
    }

    @Test
    void preReadConditionsSeeTheHeadersEarlierBodyFiltersPromoted() {
        BodyFilter promoter = reader("promoter").onBody((ctx, b) -> {
            ctx.headers().set("x-tier", "gold");
            return FilterAction.BODY_DONE;
        });
        CompiledPipeline p = new CompiledPipeline("test", List.of(
                at(0, promoter, RequestCondition.ALWAYS),
                at(1, reader("gold"), header("x-tier", "gold")),
                at(2, reader("silver"), header("x-tier", "silver"))));
        PipelineExecution execution = PipelineExecution.begin(p, request("POST", "/"));

        BodyVerdict verdict = execution.runPreRead(body("{}"));

        assertThat(verdict).isInstanceOf(BodyVerdict.Pass.class);
        assertThat(journal).as("docs/behaviour/conditions.md#request-conditions: body-filter conditions see the effective headers")
                .containsExactly("reqbody:promoter:{}", "reqbody:gold:{}");
    }

    @Test
    void resultsPublishedAtPreReadFireTheHostsBranchAfterOtherFiltersRan() {
        BodyFilter publisher = reader("jbf").onBody((ctx, b) -> {
            ctx.results().put("jbf", "model", "m1");
            return FilterAction.BODY_DONE;
        });
        List<String> seenByFirst = new ArrayList<>();
        TestFilters.Recording first = new TestFilters.Recording("first", journal, ctx -> {
            seenByFirst.addAll(ctx.results().filterTypes());
            return FilterAction.CONTINUE;
        });
        CompiledFilter host = TestFilters.host(1, publisher, branch("on-m1",
                new ResultMatcher("jbf", "model", new ResultMatch.Exact("m1")), Rejoin.NEXT, 0,
                slot(3, new TestFilters.Recording("branch", journal), RequestCondition.ALWAYS, FailureMode.CLOSED)));
        CompiledPipeline p = new CompiledPipeline("test", List.of(
                slot(0, first, RequestCondition.ALWAYS, FailureMode.CLOSED), host,
                slot(2, new TestFilters.Recording("lb", journal, TestFilters::selectUpstream), RequestCondition.ALWAYS,
                        FailureMode.CLOSED)));
        PipelineExecution execution = PipelineExecution.begin(p, request("POST", "/"));

        execution.runPreRead(body("{\"model\":\"m1\"}"));
        RequestOutcome outcome = run(execution);

        assertThat(outcome).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(seenByFirst).as("a pre-read result is not visible to other filters").isEmpty();
        assertThat(journal).as("the host's branch fired on its pre-read result").containsSubsequence(
                "req:first", "req:jbf", "req:branch", "req:lb");
        assertThat(execution.context().results().isEmpty()).as("cleared after the host's branches").isTrue();
    }

    @Test
    void twoPromotersWritingDifferentValuesToAConditionedHeaderFailClosed() {
        BodyFilter a = reader("a").onBody((ctx, b) -> {
            ctx.headers().set("x-model", "alpha");
            return FilterAction.BODY_DONE;
        });
        BodyFilter b = reader("b").onBody((ctx, body) -> {
            ctx.headers().set("x-model", "beta");
            return FilterAction.BODY_DONE;
        });
        List<CompiledFilter> filters = List.of(at(0, a, RequestCondition.ALWAYS), at(1, b, RequestCondition.ALWAYS));
        BodyPlan plan = new BodyPlan(BodyMode.buffer(MIB), BodyMode.STREAM, MIB, null, filters, List.of(),
                Set.of("x-model"));
        PipelineExecution execution = PipelineExecution.begin(new CompiledPipeline("test", filters, plan), request("POST", "/"));

        BodyVerdict verdict = execution.runPreRead(body("{}"));

        assertThat(verdict).as("docs/behaviour/conditions.md#request-conditions: routing must not depend on which promoter ran last")
                .isEqualTo(new BodyVerdict.Stop(new RequestOutcome.Reject(500, FilterCalls.FILTER_ERROR)));
    }

    @Test
    void promotersAgreeingOnAConditionedHeaderGoOn() {
        BodyFilter a = reader("a").onBody((ctx, b) -> {
            ctx.headers().set("x-model", "alpha");
            return FilterAction.BODY_DONE;
        });
        BodyFilter b = reader("b").onBody((ctx, body) -> {
            ctx.headers().set("x-model", "alpha");
            return FilterAction.BODY_DONE;
        });
        List<CompiledFilter> filters = List.of(at(0, a, RequestCondition.ALWAYS), at(1, b, RequestCondition.ALWAYS));
        BodyPlan plan = new BodyPlan(BodyMode.buffer(MIB), BodyMode.STREAM, MIB, null, filters, List.of(),
                Set.of("x-model"));

        BodyVerdict verdict = PipelineExecution.begin(new CompiledPipeline("test", filters, plan), request("POST", "/"))
                .runPreRead(body("{}"));

        assertThat(verdict).isInstanceOf(BodyVerdict.Pass.class);
    }

    @Test
    void aPreReadRejectionAnswersWithItsStatus() {
        BodyFilter strict = reader("strict").onBody((ctx, b) -> FilterAction.reject(422, "bad body"));
        PipelineExecution execution = PipelineExecution.begin(TestFilters.pipeline(strict), request("POST", "/"));

        assertThat(execution.runPreRead(body("x")))
                .isEqualTo(new BodyVerdict.Stop(new RequestOutcome.Reject(422, "bad body")));
    }

    @Test
    void aFilterThatMayOnlyReadCannotReplaceTheBody() {
        BodyFilter sneaky = reader("sneaky").onBody((ctx, b) -> {
            b.replace(ByteBuffer.wrap(new byte[] {1}));
            return FilterAction.CONTINUE;
        });
        PipelineExecution execution = PipelineExecution.begin(TestFilters.pipeline(sneaky), request("POST", "/"));

        assertThat(execution.runPreRead(body("x"))).as("a replacement by a READ_ONLY filter is a filter failure")
                .isEqualTo(new BodyVerdict.Stop(new RequestOutcome.Reject(500, FilterCalls.FILTER_ERROR)));
    }

    @Test
    void aWriterReplacesTheBodyForLaterFiltersAndTheEdge() {
        BodyFilter writer = new BodyFilter("writer", journal).request(BodyAccess.READ_WRITE, BodyMode.buffer(MIB))
                .onBody((ctx, b) -> {
                    b.replace(ByteBuffer.wrap("rewritten".getBytes(StandardCharsets.UTF_8)));
                    return FilterAction.CONTINUE;
                });
        PipelineExecution execution = PipelineExecution.begin(TestFilters.pipeline(writer, reader("after")), request("POST", "/"));

        BodyVerdict verdict = execution.runPreRead(body("original"));

        assertThat(journal).containsExactly("reqbody:writer:original", "reqbody:after:rewritten");
        assertThat(verdict).isInstanceOfSatisfying(BodyVerdict.Pass.class,
                pass -> assertThat(BodyFilter.text(pass.body())).isEqualTo("rewritten"));
    }

    @Test
    void streamingRequestHooksRunForFiltersThatRanUntilTheySayBodyDone() {
        BodyFilter skipped = new BodyFilter("skipped", journal).request(BodyAccess.READ_ONLY, BodyMode.STREAM);
        BodyFilter once = new BodyFilter("once", journal).request(BodyAccess.READ_ONLY, BodyMode.STREAM)
                .onBody((ctx, b) -> FilterAction.BODY_DONE);
        BodyFilter every = new BodyFilter("every", journal).request(BodyAccess.READ_ONLY, BodyMode.STREAM);
        CompiledPipeline p = new CompiledPipeline("test", List.of(at(0, skipped, ctx -> false),
                at(1, once, RequestCondition.ALWAYS), at(2, every, RequestCondition.ALWAYS)));
        assertThat(p.body().preReads()).isFalse();
        PipelineExecution execution = PipelineExecution.begin(p, request("POST", "/"));
        run(execution);

        execution.runRequestBody(piece("a", false));
        execution.runRequestBody(piece("b", true));

        assertThat(journal.stream().filter(e -> e.startsWith("reqbody:")).toList()).containsExactly(
                "reqbody:once:a", "reqbody:every:a", "reqbody:every:b");
    }

    @Test
    void responseHooksRunInReverseOrderGatedByResponseConditions() {
        BodyFilter outer = new BodyFilter("outer", journal).response(BodyAccess.READ_ONLY, BodyMode.STREAM);
        BodyFilter inner = new BodyFilter("inner", journal).response(BodyAccess.READ_ONLY, BodyMode.STREAM);
        BodyFilter onlyErrors = new BodyFilter("errors", journal).response(BodyAccess.READ_ONLY, BodyMode.STREAM);
        CompiledFilter gated = new CompiledFilter(2, onlyErrors, onlyErrors.declaration(), RequestCondition.ALWAYS, false,
                head -> head.status() >= 500, FailureMode.CLOSED, "main",
                slot(2, onlyErrors, RequestCondition.ALWAYS, FailureMode.CLOSED).entry());
        CompiledPipeline p = new CompiledPipeline("test", List.of(at(0, outer, RequestCondition.ALWAYS),
                at(1, inner, RequestCondition.ALWAYS), gated));
        PipelineExecution execution = PipelineExecution.begin(p, request("GET", "/"));
        run(execution);
        assertThat(execution.hasResponseHooks()).as("response-body filters need the response phase").isTrue();
        execution.runResponse(new ResponseHead(200, new HeaderMap(), false));

        BodyVerdict verdict = execution.runResponseBody(piece("chunk", false));

        assertThat(verdict).isInstanceOf(BodyVerdict.Pass.class);
        assertThat(journal.stream().filter(e -> e.startsWith("respbody:")).toList())
                .containsExactly("respbody:inner:chunk", "respbody:outer:chunk");
    }

    @Test
    void aResponseBodyRejectionStopsTheResponseAndReleaseIsReported() {
        BodyFilter releaser = new BodyFilter("releaser", journal)
                .response(BodyAccess.READ_ONLY, BodyMode.buffer(MIB)).onBody((ctx, b) -> FilterAction.RELEASE);
        BodyFilter refuser = new BodyFilter("refuser", journal)
                .response(BodyAccess.READ_ONLY, BodyMode.STREAM)
                .onBody((ctx, b) -> BodyFilter.text(b).contains("secret") ? FilterAction.reject(502, "leak")
                        : FilterAction.CONTINUE);
        PipelineExecution execution = PipelineExecution.begin(TestFilters.pipeline(releaser, refuser), request("GET", "/"));
        run(execution);
        execution.runResponse(new ResponseHead(200, new HeaderMap(), false));

        assertThat(execution.runResponseBody(piece("fine", false))).isInstanceOfSatisfying(BodyVerdict.Pass.class,
                pass -> assertThat(pass.release()).isTrue());
        assertThat(execution.runResponseBody(piece("a secret", true)))
                .isEqualTo(new BodyVerdict.Stop(new RequestOutcome.Reject(502, "leak")));
    }

    @Test
    void responseBodyHooksNeverRunForFiltersThatDidNotRun() {
        BodyFilter skipped = new BodyFilter("skipped", journal).response(BodyAccess.READ_ONLY, BodyMode.STREAM);
        CompiledPipeline p = new CompiledPipeline("test", List.of(at(0, skipped, ctx -> false)));
        PipelineExecution execution = PipelineExecution.begin(p, request("GET", "/"));
        run(execution);
        execution.runResponse(new ResponseHead(200, new HeaderMap(), false));

        execution.runResponseBody(piece("x", true));

        assertThat(journal).isEmpty();
    }
}
