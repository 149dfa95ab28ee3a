package io.jpraxis.core.pipeline.execute;

import static io.jpraxis.core.pipeline.TestFilters.pipeline;
import static io.jpraxis.core.pipeline.TestFilters.request;
import static io.jpraxis.core.pipeline.TestFilters.slot;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.TestFilters;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class PipelineExecutionTest {
    private final List<String> journal = new ArrayList<>();

    @Test
    void runsRequestForwardAndResponseInReverse() {
        CompiledPipeline p = pipeline(new TestFilters.Recording("a", journal),
                new TestFilters.Recording("b", journal, TestFilters::selectUpstream),
                new TestFilters.Recording("c", journal));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));

        RequestOutcome outcome = run.runRequest().toCompletableFuture().join();
        ResponseOutcome response = run.runResponse(new ResponseHead(200, new HeaderMap(), false));

        assertThat(outcome).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(response).isEqualTo(ResponseOutcome.PROCEED);
        assertThat(journal).containsExactly("req:a", "req:b", "req:c", "resp:c", "resp:b", "resp:a");
    }

    @Test
    void skippedFilterRunsNeitherHook() {
        CompiledPipeline p = new CompiledPipeline("test", List.of(
                slot(0, new TestFilters.Recording("a", journal), RequestCondition.ALWAYS, FailureMode.CLOSED),
                slot(1, new TestFilters.Recording("skipped", journal), ctx -> false, FailureMode.CLOSED),
                slot(2, new TestFilters.Recording("lb", journal, TestFilters::selectUpstream), RequestCondition.ALWAYS,
                        FailureMode.CLOSED)));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));
        run.runRequest().toCompletableFuture().join();
        run.runResponse(new ResponseHead(200, new HeaderMap(), false));

        assertThat(journal).as("a filter skipped by its conditions gets no response hook either")
                .containsExactly("req:a", "req:lb", "resp:lb", "resp:a");
        assertThat(run.executed(1)).isFalse();
    }

    @Test
    void aRequestHasResponseHooksOnlyWhenAFilterWithOneRan() {
        HttpFilter balancer = new HttpFilter() {
            @Override
            public String type() {
                return "lb";
            }

            @Override
            public Object config() {
                return "lb";
            }

            @Override
            public FilterAction onRequest(RequestContext ctx) {
                return TestFilters.selectUpstream(ctx);
            }
        };
        CompiledPipeline p = new CompiledPipeline("test", List.of(
                slot(0, new TestFilters.Recording("marker", journal), ctx -> ctx.matchPath().equals("/marked"),
                        FailureMode.CLOSED),
                slot(1, balancer, RequestCondition.ALWAYS, FailureMode.CLOSED)));
        assertThat(p.hasResponseHooks()).as("the marker has one").isTrue();

        PipelineExecution skipped = PipelineExecution.begin(p, request("GET", "/plain"));
        skipped.runRequest().toCompletableFuture().join();
        assertThat(skipped.hasResponseHooks()).as("the only response hook was skipped: nothing can change")
                .isFalse();

        PipelineExecution marked = PipelineExecution.begin(p, request("GET", "/marked"));
        marked.runRequest().toCompletableFuture().join();
        assertThat(marked.hasResponseHooks()).isTrue();
        marked.runResponse(new ResponseHead(200, new HeaderMap(), false));
        assertThat(journal).containsExactly("req:marker", "resp:marker");
    }

    @Test
    void respondStopsThePipelineButStillRunsResponseHooksOfFiltersThatRan() {
        LocalResponse answer = new LocalResponse(204, new HeaderMap(), new byte[0]);
        CompiledPipeline p = pipeline(new TestFilters.Recording("a", journal),
                new TestFilters.Recording("answer", journal, ctx -> new FilterAction.Respond(answer)),
                new TestFilters.Recording("never", journal));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));

        RequestOutcome outcome = run.runRequest().toCompletableFuture().join();
        run.runResponse(new ResponseHead(204, new HeaderMap(), true));

        assertThat(outcome).isEqualTo(new RequestOutcome.Respond(answer));
        assertThat(journal).containsExactly("req:a", "req:answer", "resp:answer", "resp:a");
    }

    @Test
    void closedFailureAnswers500WithoutDetail() {
        CompiledPipeline p = pipeline(new TestFilters.Recording("broken", journal,
                ctx -> FilterAction.fail("database password is hunter2")));

        RequestOutcome outcome = PipelineExecution.begin(p, request("GET", "/")).runRequest().toCompletableFuture().join();

        assertThat(outcome).isEqualTo(new RequestOutcome.Reject(500, PipelineExecution.FILTER_ERROR));
    }

    @Test
    void openFailureContinuesWithTheNextFilter() {
        CompiledPipeline p = new CompiledPipeline("test", List.of(
                slot(0, new TestFilters.Recording("broken", journal, ctx -> FilterAction.fail("boom")),
                        RequestCondition.ALWAYS, FailureMode.OPEN),
                slot(1, new TestFilters.Recording("lb", journal, TestFilters::selectUpstream), RequestCondition.ALWAYS,
                        FailureMode.CLOSED)));

        RequestOutcome outcome = PipelineExecution.begin(p, request("GET", "/")).runRequest().toCompletableFuture().join();

        assertThat(outcome).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(journal).containsExactly("req:broken", "req:lb");
    }

    @Test
    void thrownExceptionIsAFilterFailure() {
        CompiledPipeline p = pipeline(new TestFilters.Recording("thrower", journal, ctx -> {
            throw new IllegalStateException("bug");
        }));

        RequestOutcome outcome = PipelineExecution.begin(p, request("GET", "/")).runRequest().toCompletableFuture().join();

        assertThat(outcome).isEqualTo(new RequestOutcome.Reject(500, PipelineExecution.FILTER_ERROR));
    }

    @Test
    void noUpstreamWhenNothingPickedAnEndpoint() {
        CompiledPipeline p = pipeline(new TestFilters.Recording("router", journal, ctx -> {
            ctx.cluster("backend");
            return FilterAction.CONTINUE;
        }));

        RequestOutcome outcome = PipelineExecution.begin(p, request("GET", "/")).runRequest().toCompletableFuture().join();

        assertThat(outcome).isInstanceOf(RequestOutcome.NoUpstream.class);
        assertThat(((RequestOutcome.NoUpstream) outcome).reason()).contains("backend");
    }

    @Test
    void asyncFilterSuspendsAndResumesTheWalk() {
        CompletableFuture<FilterAction> gate = new CompletableFuture<>();
        HttpFilter async = asyncFilter(ctx -> {
            journal.add("req:async");
            return gate;
        });
        CompiledPipeline p = pipeline(async, new TestFilters.Recording("lb", journal, TestFilters::selectUpstream));

        CompletableFuture<RequestOutcome> outcome = PipelineExecution.begin(p, request("GET", "/")).runRequest().toCompletableFuture();
        assertThat(outcome).as("the walk waits for the async filter").isNotDone();
        assertThat(journal).containsExactly("req:async");

        gate.complete(FilterAction.CONTINUE);
        assertThat(outcome.join()).isInstanceOf(RequestOutcome.Forward.class);
        assertThat(journal).containsExactly("req:async", "req:lb");
    }

    @Test
    void anAsyncStageCompletedOnAnotherThreadResumesOnTheRequestThread() throws Exception {
        CompletableFuture<FilterAction> gate = new CompletableFuture<>();
        HttpFilter async = asyncFilter(ctx -> gate);
        List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        HttpFilter next = new TestFilters.Recording("lb", journal, ctx -> {
            threads.add(Thread.currentThread().getName());
            return TestFilters.selectUpstream(ctx);
        });
        java.util.concurrent.ExecutorService home = java.util.concurrent.Executors.newSingleThreadExecutor(
                r -> new Thread(r, "request-loop"));
        try {
            RequestContext ctx = request("GET", "/");
            ctx.requestThread(home);
            CompletableFuture<RequestOutcome> outcome = PipelineExecution.begin(pipeline(async, next), ctx).runRequest()
                    .toCompletableFuture();

            Thread io = new Thread(() -> gate.complete(FilterAction.CONTINUE), "io-client");
            io.start();
            io.join();

            assertThat(outcome.get(10, java.util.concurrent.TimeUnit.SECONDS)).isInstanceOf(RequestOutcome.Forward.class);
            assertThat(threads).as("the filter after the async one runs on the request's thread, not the I/O thread")
                    .containsExactly("request-loop");
        } finally {
            home.shutdownNow();
        }
    }

    @Test
    void failedAsyncStageIsAFilterFailure() {
        HttpFilter async = asyncFilter(ctx -> CompletableFuture.failedFuture(new RuntimeException("lookup failed")));

        RequestOutcome outcome = PipelineExecution.begin(pipeline(async), request("GET", "/")).runRequest().toCompletableFuture().join();

        assertThat(outcome).isEqualTo(new RequestOutcome.Reject(500, PipelineExecution.FILTER_ERROR));
    }

    @Test
    void responseRejectReplacesTheResponse() {
        HttpFilter guard = new TestFilters.Recording("guard", journal, TestFilters::selectUpstream) {
            @Override
            public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
                return FilterAction.reject(502, "upstream answered badly");
            }
        };
        PipelineExecution run = PipelineExecution.begin(pipeline(guard), request("GET", "/"));
        run.runRequest().toCompletableFuture().join();

        ResponseOutcome outcome = run.runResponse(new ResponseHead(200, new HeaderMap(), false));

        assertThat(outcome).isInstanceOf(ResponseOutcome.Replace.class);
        assertThat(((ResponseOutcome.Replace) outcome).response().status()).isEqualTo(502);
    }

    /** An asynchronous filter whose request hook returns what {@code hook} gives. */
    private static HttpFilter asyncFilter(Function<RequestContext, CompletionStage<FilterAction>> hook) {
        return new HttpFilter() {
            @Override
            public String type() {
                return "async";
            }

            @Override
            public Object config() {
                return "async";
            }

            @Override
            public boolean isAsync() {
                return true;
            }

            @Override
            public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
                return hook.apply(ctx);
            }
        };
    }
}
