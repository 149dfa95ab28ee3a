package io.jpraxis.core.pipeline.execute;

import static io.jpraxis.core.pipeline.TestFilters.pipeline;
import static io.jpraxis.core.pipeline.TestFilters.request;
import static io.jpraxis.core.pipeline.TestFilters.slot;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.TestFilters;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exchange-end hook: once per exchange, only for filters that ran, never breaking the others. */
class ExchangeEndTest {
    private final List<String> journal = new ArrayList<>();

    private static ExchangeSummary ended(int status) {
        return new ExchangeSummary(status, 0, 0, 1_000_000, true);
    }

    @Test
    void logRunsOncePerExchangeInPipelineOrder() {
        CompiledPipeline p = pipeline(new TestFilters.Recording("a", journal),
                new TestFilters.Recording("lb", journal, TestFilters::selectUpstream));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));
        run.runRequest().toCompletableFuture().join();

        run.runLog(ended(200));
        run.runLog(ended(499));

        assertThat(journal).as("second end call is ignored").containsExactly("req:a", "req:lb", "log:a:200", "log:lb:200");
        assertThat(run.logged()).isTrue();
    }

    @Test
    void onlyFiltersWithALogHookAreCalledAndTheirOrderIsKept() {
        HttpFilter quiet = new HttpFilter() {
            @Override
            public String type() {
                return "quiet";
            }

            @Override
            public Object config() {
                return null;
            }
        };
        CompiledPipeline p = pipeline(new TestFilters.Recording("a", journal), quiet,
                new TestFilters.Recording("lb", journal, TestFilters::selectUpstream));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));
        run.runRequest().toCompletableFuture().join();

        run.runLog(ended(200));

        assertThat(p.logHookSlots()).extracting(CompiledFilter::index).containsExactly(0, 2);
        assertThat(journal).containsExactly("req:a", "req:lb", "log:a:200", "log:lb:200");
        assertThat(run.executed(1)).as("the filter without a log hook still ran").isTrue();
    }

    @Test
    void onlyFiltersThatRanAreLogged() {
        LocalResponse answer = LocalResponse.jsonError(403, "no");
        CompiledPipeline p = new CompiledPipeline("test", List.of(
                slot(0, new TestFilters.Recording("skipped", journal), ctx -> false, FailureMode.CLOSED),
                slot(1, new TestFilters.Recording("answer", journal, ctx -> new FilterAction.Respond(answer)),
                        RequestCondition.ALWAYS, FailureMode.CLOSED),
                slot(2, new TestFilters.Recording("never", journal), RequestCondition.ALWAYS, FailureMode.CLOSED)));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));
        run.runRequest().toCompletableFuture().join();
        run.runLog(ended(403));

        assertThat(journal).as("skipped and never-reached filters get no end hook")
                .containsExactly("req:answer", "log:answer:403");
    }

    @Test
    void throwingLogHookIsCountedAndTheOthersStillRun() {
        TestFilters.Recording thrower = new TestFilters.Recording("thrower", journal) {
            @Override
            public void onLog(RequestContext ctx, ExchangeSummary summary) {
                throw new IllegalStateException("boom");
            }
        };
        CompiledPipeline p = pipeline(thrower, new TestFilters.Recording("after", journal));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));
        run.runRequest().toCompletableFuture().join();

        run.runLog(ended(500));

        assertThat(journal).as("a failing hook does not stop the next one").contains("log:after:500");
        assertThat(p.logHookFailures()).as("the failure is counted").isEqualTo(1);
    }

    @Test
    void exchangeEndedBeforeAnyFilterRanLogsNothing() {
        CompiledPipeline p = pipeline(new TestFilters.Recording("a", journal));
        PipelineExecution run = PipelineExecution.begin(p, request("GET", "/"));

        run.runLog(new ExchangeSummary(0, 0, 0, 1, false));

        assertThat(journal).isEmpty();
        assertThat(run.logged()).isTrue();
    }
}
