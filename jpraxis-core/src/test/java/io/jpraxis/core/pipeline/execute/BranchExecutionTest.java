package io.jpraxis.core.pipeline.execute;

import static io.jpraxis.core.pipeline.TestFilters.branch;
import static io.jpraxis.core.pipeline.TestFilters.host;
import static io.jpraxis.core.pipeline.TestFilters.publish;
import static io.jpraxis.core.pipeline.TestFilters.request;
import static io.jpraxis.core.pipeline.TestFilters.slot;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.model.ResultMatch;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.Rejoin;
import io.jpraxis.core.pipeline.ResultMatcher;
import io.jpraxis.core.pipeline.TestFilters;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The branch semantics (see docs/behaviour/branches.md#how-branches-run) and the request loop (see
 * docs/behaviour/request-lifecycle.md#the-request-phase), on recording filters.
 */
class BranchExecutionTest {
    private final List<String> journal = new ArrayList<>();

    private TestFilters.Recording rec(String name) {
        return new TestFilters.Recording(name, journal);
    }

    private TestFilters.Recording rec(String name, Function<RequestContext, FilterAction> onRequest) {
        return new TestFilters.Recording(name, journal, onRequest);
    }

    private CompiledFilter at(int index, String name) {
        return slot(index, rec(name), RequestCondition.ALWAYS, FailureMode.CLOSED);
    }

    private CompiledFilter lb(int index) {
        return slot(index, rec("lb", TestFilters::selectUpstream), RequestCondition.ALWAYS, FailureMode.CLOSED);
    }

    private static ResultMatcher on(String type, ResultMatch match) {
        return new ResultMatcher(type, "status", match);
    }

    private static CompiledPipeline pipeline(CompiledFilter... slots) {
        return new CompiledPipeline("test", List.of(slots));
    }

    private static RequestOutcome run(PipelineExecution execution) {
        return execution.runRequest().toCompletableFuture().join();
    }

    private List<String> requests() {
        return journal.stream().filter(e -> e.startsWith("req:")).toList();
    }

    private List<String> responses() {
        return journal.stream().filter(e -> e.startsWith("resp:")).toList();
    }

    @Test
    void nextBranchesAllRunInDeclarationOrderThenTheWalkGoesOn() {
        CompiledPipeline p = pipeline(
                host(0, rec("h"), branch("b1", Rejoin.NEXT, at(2, "x")), branch("b2", Rejoin.NEXT, at(3, "y"))),
                lb(1));

        RequestOutcome outcome = run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(outcome).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(requests()).as("every next branch runs, in order, before the host's successor")
                .containsExactly("req:h", "req:x", "req:y", "req:lb");
    }

    @Test
    void firstFiringBranchThatJumpsEndsTheEvaluation() {
        CompiledPipeline p = pipeline(
                host(0, rec("h"), branch("b1", Rejoin.NEXT, at(3, "x")),
                        branch("b2", new Rejoin.SkipTo(2), at(4, "y")), branch("b3", Rejoin.NEXT, at(5, "z"))),
                at(1, "skipped"), lb(2));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));

        run(run);
        run.runResponse(new ResponseHead(200, new HeaderMap(), false));

        assertThat(requests()).as("b3 comes after the jumping b2, so it never runs")
                .containsExactly("req:h", "req:x", "req:y", "req:lb");
        assertThat(run.executed(1)).as("a filter jumped over is not executed").isFalse();
        assertThat(responses()).as("so it gets no response hook either").doesNotContain("resp:skipped");
    }

    @Test
    void branchesFireOnTheHostsResults() {
        CompiledPipeline p = pipeline(
                host(0, rec("cache", publish("cache", "status", "hit-warm")),
                        branch("exact", on("cache", new ResultMatch.Exact("hit-warm")), Rejoin.NEXT, 0, at(2, "exact")),
                        branch("other", on("cache", new ResultMatch.Exact("miss")), Rejoin.NEXT, 0, at(3, "other")),
                        branch("contains", on("cache", new ResultMatch.Contains("hit")), Rejoin.NEXT, 0,
                                at(4, "contains")),
                        branch("not", on("cache", new ResultMatch.Not("hit-warm")), Rejoin.NEXT, 0, at(5, "not")),
                        branch("anyOf", on("cache", new ResultMatch.AnyOf(List.of("x", "hit-warm"))), Rejoin.NEXT, 0,
                                at(6, "anyOf")),
                        branch("otherKey", new ResultMatcher("cache", "tier", new ResultMatch.Not("gold")),
                                Rejoin.NEXT, 0, at(7, "notOnMissingKey"))),
                lb(1));

        run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(requests()).containsExactly("req:cache", "req:exact", "req:contains", "req:anyOf",
                "req:notOnMissingKey", "req:lb");
    }

    @Test
    void laterSiblingsReadTheHostsResultsEvenAfterASubChainRewroteThem() {
        // The sub-chain filter has the host's type, so it writes the same result slot.
        CompiledPipeline p = pipeline(
                host(0, rec("classifier", publish("classifier", "status", "a")),
                        branch("first", on("classifier", new ResultMatch.Exact("a")), Rejoin.NEXT, 0,
                                at(2, "x"), slot(3, rec("rewriter", publish("classifier", "status", "b")),
                                        RequestCondition.ALWAYS, FailureMode.CLOSED)),
                        branch("second", on("classifier", new ResultMatch.Exact("a")), Rejoin.NEXT, 0, at(4, "y")),
                        branch("third", on("classifier", new ResultMatch.Exact("b")), Rejoin.NEXT, 0, at(5, "z"))),
                lb(1));

        run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(requests()).as("the snapshot taken when 'first' fired still says a")
                .containsExactly("req:classifier", "req:x", "req:rewriter", "req:y", "req:lb");
    }

    @Test
    void resultsNeverReachTheNextFilter() {
        List<Boolean> seen = new ArrayList<>();
        CompiledPipeline p = TestFilters.pipeline(
                rec("pub", publish("pub", "status", "done")),
                rec("reader", ctx -> {
                    seen.add(ctx.results().has("pub"));
                    return FilterAction.CONTINUE;
                }),
                rec("lb", TestFilters::selectUpstream));

        run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(seen).as("results are cleared after the publisher's (empty) branch evaluation").containsExactly(false);
    }

    @Test
    void reEnterFiresUpToMaxIterationsThenFallsThrough() {
        CompiledPipeline p = pipeline(
                at(0, "start"),
                host(1, rec("h"), branch("again", null, new Rejoin.ReEnter(0), 3, at(3, "x"))),
                lb(2));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));

        RequestOutcome outcome = run(run);
        run.runResponse(new ResponseHead(200, new HeaderMap(), false));

        assertThat(outcome).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(requests()).as("three re-entrances, then the fourth evaluation falls through").containsExactly(
                "req:start", "req:h", "req:x", "req:start", "req:h", "req:x", "req:start", "req:h", "req:x",
                "req:start", "req:h", "req:lb");
        assertThat(responses()).as("each filter's response hook runs once however often it ran")
                .containsExactly("resp:lb", "resp:x", "resp:h", "resp:start");
    }

    @Test
    void reEnterCountersBelongToOneRequest() {
        CompiledPipeline p = pipeline(host(0, rec("h"), branch("self", null, new Rejoin.ReEnter(0), 2, at(2, "x"))),
                lb(1));

        run(PipelineExecution.begin(p, request("GET", "/")));
        long first = journal.stream().filter("req:x"::equals).count();
        journal.clear();
        run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(first).isEqualTo(2);
        assertThat(journal.stream().filter("req:x"::equals).count()).as("a new request starts from zero")
                .isEqualTo(2);
    }

    @Test
    void reEnterClearsTheResultsSoTheyCannotRetriggerTheBranch() {
        List<Boolean> seen = new ArrayList<>();
        CompiledPipeline p = pipeline(
                slot(0, rec("probe", ctx -> {
                    seen.add(ctx.results().has("h"));
                    return FilterAction.CONTINUE;
                }), RequestCondition.ALWAYS, FailureMode.CLOSED),
                host(1, rec("h", publish("h", "status", "retry")),
                        branch("retry", on("h", new ResultMatch.Exact("retry")), new Rejoin.ReEnter(0), 1, at(3, "x"))),
                lb(2));

        run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(seen).as("the filter re-entered at sees no stale results").containsExactly(false, false);
    }

    @Test
    void nestedJumpsAreDiscardedAndTheEnclosingSubChainGoesOn() {
        CompiledPipeline p = pipeline(
                host(0, rec("h"), branch("outer", Rejoin.NEXT,
                        host(3, rec("inner"), branch("skip", new Rejoin.SkipTo(1), at(4, "s")),
                                branch("loop", null, new Rejoin.ReEnter(0), 5, at(5, "l"))),
                        at(6, "after"))),
                at(1, "next"), lb(2));

        RequestOutcome outcome = run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(outcome).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(requests()).as("the nested skip stops inner's evaluation, is discarded, and 'after' runs")
                .containsExactly("req:h", "req:inner", "req:s", "req:after", "req:next", "req:lb");
    }

    @Test
    void nestedTerminalWithoutAResponseFailsWith500() {
        CompiledPipeline p = pipeline(
                host(0, rec("h"), branch("outer", Rejoin.NEXT,
                        host(2, rec("inner"), branch("stop", Rejoin.TERMINAL, at(3, "t"))), at(4, "never"))),
                lb(1));

        RequestOutcome outcome = run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(outcome).isEqualTo(new RequestOutcome.Reject(500, BranchEvaluator.TERMINAL_WITHOUT_RESPONSE));
        assertThat(requests()).containsExactly("req:h", "req:inner", "req:t");
    }

    @Test
    void nestedRejectionIsTheRequestsOutcome() {
        CompiledPipeline p = pipeline(
                host(0, rec("h"), branch("outer", Rejoin.NEXT,
                        host(2, rec("inner"), branch("deny", Rejoin.NEXT,
                                slot(3, rec("guard", ctx -> FilterAction.reject(403, "denied")), RequestCondition.ALWAYS,
                                        FailureMode.CLOSED))),
                        at(4, "never"))),
                lb(1));

        RequestOutcome outcome = run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(outcome).isEqualTo(new RequestOutcome.Reject(403, "denied"));
        assertThat(requests()).containsExactly("req:h", "req:inner", "req:guard");
    }

    @Test
    void topLevelTerminalForwardsWhatWasChosen() {
        CompiledPipeline p = pipeline(lb(0), host(1, rec("h"), branch("done", Rejoin.TERMINAL, at(3, "x"))),
                at(2, "never"));

        RequestOutcome outcome = run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(outcome).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(requests()).containsExactly("req:lb", "req:h", "req:x");
    }

    @Test
    void topLevelTerminalWithoutAClusterIs500() {
        CompiledPipeline p = pipeline(host(0, rec("h"), branch("done", Rejoin.TERMINAL, at(2, "x"))), lb(1));

        RequestOutcome outcome = run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(outcome).isEqualTo(new RequestOutcome.Reject(500, BranchEvaluator.TERMINAL_WITHOUT_RESPONSE));
    }

    @Test
    void topLevelTerminalWithAClusterButNoEndpointHasNoUpstream() {
        CompiledPipeline p = pipeline(
                slot(0, rec("router", ctx -> {
                    ctx.cluster("backend");
                    return FilterAction.CONTINUE;
                }), RequestCondition.ALWAYS, FailureMode.CLOSED),
                host(1, rec("h"), branch("done", Rejoin.TERMINAL, at(3, "x"))), lb(2));

        RequestOutcome outcome = run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(outcome).as("forwarding needs an endpoint; the load balancer after the host never ran")
                .isInstanceOf(RequestOutcome.NoUpstream.class);
    }

    @Test
    void aBranchAnswerStopsTheRequestAndTheResponseUnwindsThroughTheBranch() {
        LocalResponse answer = new LocalResponse(200, new HeaderMap(), new byte[0]);
        CompiledPipeline p = pipeline(at(0, "a"),
                host(1, rec("h"), branch("serve", Rejoin.TERMINAL, at(3, "x"),
                        slot(4, rec("answer", ctx -> new FilterAction.Respond(answer)), RequestCondition.ALWAYS,
                                FailureMode.CLOSED), at(5, "never"))),
                lb(2));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));

        RequestOutcome outcome = run(run);
        run.runResponse(new ResponseHead(200, new HeaderMap(), false));

        assertThat(outcome).isEqualTo(new RequestOutcome.Respond(answer));
        assertThat(requests()).containsExactly("req:a", "req:h", "req:x", "req:answer");
        assertThat(responses()).containsExactly("resp:answer", "resp:x", "resp:h", "resp:a");
    }

    @Test
    void branchFiltersUnwindInReverseJustBeforeTheirHost() {
        CompiledPipeline p = pipeline(at(0, "a"),
                host(1, rec("h"),
                        branch("b1", Rejoin.NEXT, at(3, "x1"),
                                host(4, rec("x2"), branch("n", Rejoin.NEXT, at(5, "y")))),
                        branch("b2", Rejoin.NEXT, at(6, "z"))),
                lb(2));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));

        run(run);
        run.runResponse(new ResponseHead(200, new HeaderMap(), false));

        assertThat(requests()).containsExactly("req:a", "req:h", "req:x1", "req:x2", "req:y", "req:z", "req:lb");
        assertThat(responses()).as("the reverse of the request order")
                .containsExactly("resp:lb", "resp:z", "resp:y", "resp:x2", "resp:x1", "resp:h", "resp:a");
    }

    @Test
    void aSkippedHostRunsNoneOfItsBranches() {
        CompiledPipeline p = pipeline(
                host(0, rec("h"), ctx -> false, branch("b", Rejoin.TERMINAL, at(2, "x"))), lb(1));

        RequestOutcome outcome = run(PipelineExecution.begin(p, request("GET", "/")));

        assertThat(outcome).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(requests()).containsExactly("req:lb");
    }

    @Test
    void branchFiltersHonourTheirOwnConditionsAndFailureModes() {
        CompiledPipeline p = pipeline(
                host(0, rec("h"), branch("b", Rejoin.NEXT,
                        slot(2, rec("gated"), ctx -> false, FailureMode.CLOSED),
                        slot(3, rec("flaky", ctx -> FilterAction.fail("boom")), RequestCondition.ALWAYS,
                                FailureMode.OPEN),
                        at(4, "x"))),
                lb(1));
        CompiledPipeline closed = pipeline(
                host(0, rec("h"), branch("b", Rejoin.NEXT,
                        slot(2, rec("broken", ctx -> FilterAction.fail("boom")), RequestCondition.ALWAYS,
                                FailureMode.CLOSED), at(3, "never"))),
                lb(1));

        RequestOutcome open = run(PipelineExecution.begin(p, request("GET", "/")));
        List<String> openRun = requests();
        journal.clear();
        RequestOutcome failed = run(PipelineExecution.begin(closed, request("GET", "/")));

        assertThat(open).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(openRun).containsExactly("req:h", "req:flaky", "req:x", "req:lb");
        assertThat(failed).isEqualTo(new RequestOutcome.Reject(500, PipelineExecution.FILTER_ERROR));
        assertThat(requests()).containsExactly("req:h", "req:broken");
    }

    @Test
    void anAsyncFilterInsideABranchSuspendsAndResumesTheWalk() {
        CompletableFuture<FilterAction> gate = new CompletableFuture<>();
        CompiledPipeline p = pipeline(
                host(0, rec("h"), branch("b", Rejoin.NEXT, slot(2, async("lookup", gate), RequestCondition.ALWAYS,
                        FailureMode.CLOSED), at(3, "x")), branch("b2", Rejoin.NEXT, at(4, "y"))),
                lb(1));

        CompletableFuture<RequestOutcome> outcome = PipelineExecution.begin(p, request("GET", "/")).runRequest().toCompletableFuture();
        assertThat(outcome).as("waits for the branch's async filter").isNotDone();
        assertThat(requests()).containsExactly("req:h", "req:lookup");

        gate.complete(FilterAction.CONTINUE);

        assertThat(outcome.join()).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(requests()).containsExactly("req:h", "req:lookup", "req:x", "req:y", "req:lb");
    }

    @Test
    void anAsyncHostStillHasItsBranchesEvaluated() {
        CompletableFuture<FilterAction> gate = new CompletableFuture<>();
        CompiledPipeline p = pipeline(
                host(0, async("lookup", gate), branch("b", new Rejoin.SkipTo(2), at(3, "x"))), at(1, "skipped"), lb(2));

        CompletableFuture<RequestOutcome> outcome = PipelineExecution.begin(p, request("GET", "/")).runRequest().toCompletableFuture();
        gate.complete(FilterAction.CONTINUE);

        assertThat(outcome.join()).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(requests()).containsExactly("req:lookup", "req:x", "req:lb");
    }

    @Test
    void exchangeEndReachesBranchFiltersOnce() {
        CompiledPipeline p = pipeline(
                host(0, rec("h"), branch("again", null, new Rejoin.ReEnter(0), 2, at(2, "x"))), lb(1));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));
        run(run);

        run.runLog(new ExchangeSummary(200, 0, 0, 1, true));

        assertThat(journal.stream().filter(e -> e.startsWith("log:")).toList())
                .containsExactly("log:h:200", "log:x:200", "log:lb:200");
    }

    private HttpFilter async(String name, CompletableFuture<FilterAction> gate) {
        return new HttpFilter() {
            @Override
            public String type() {
                return name;
            }

            @Override
            public Object config() {
                return name;
            }

            @Override
            public boolean isAsync() {
                return true;
            }

            @Override
            public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
                journal.add("req:" + name);
                return gate;
            }
        };
    }
}
