package io.jpraxis.core.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterTimings.Phase;
import io.jpraxis.core.filter.FilterTimings.Stream;
import io.jpraxis.core.pipeline.TestFilters;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** The timing wrapper of {@code metrics.filter_duration}. */
class TimedFilterTest {
    private record Sample(String filter, Phase phase, Stream stream, long nanos) {
    }

    private final List<Sample> samples = new ArrayList<>();
    private final FilterTimings timings = (filter, phase, stream, nanos) ->
            samples.add(new Sample(filter, phase, stream, nanos));
    private final RequestContext ctx = TestFilters.request("GET", "/");

    /** Rejects on request, and answers its async hook with {@code pending}. */
    private static final class Probe implements HttpFilter {
        final CompletableFuture<FilterAction> pending = new CompletableFuture<>();

        @Override
        public String type() {
            return "probe";
        }

        @Override
        public Object config() {
            return "probe-config";
        }

        @Override
        public FilterAction onRequest(RequestContext ctx) {
            return new FilterAction.Reject(403, "no");
        }

        @Override
        public boolean isAsync() {
            return true;
        }

        @Override
        public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
            return pending;
        }
    }

    @Test
    void eachHookIsRecordedByTypePhaseAndStreamAndItsAnswerPassesThrough() {
        Probe probe = new Probe();
        TimedFilter timed = new TimedFilter(probe, timings);

        assertThat(timed.onRequest(ctx)).as("the filter's own answer").isEqualTo(new FilterAction.Reject(403, "no"));
        timed.onResponse(ctx, null);
        timed.onResponseBody(ctx, null);
        timed.onBoundUpstreamRequestBody(ctx, null);

        assertThat(samples).extracting(Sample::filter, Sample::phase, Sample::stream).containsExactly(
                tuple("probe", Phase.REQUEST, Stream.HEADERS),
                tuple("probe", Phase.RESPONSE, Stream.HEADERS),
                tuple("probe", Phase.RESPONSE, Stream.BODY),
                tuple("probe", Phase.SELECTED_UPSTREAM, Stream.BODY));
        assertThat(timed.type()).isEqualTo("probe");
        assertThat(timed.config()).isEqualTo("probe-config");
        assertThat(timed.isAsync()).isTrue();
    }

    @Test
    void anAsyncHookIsTimedUntilItsStageCompletes() throws Exception {
        Probe probe = new Probe();
        CompletionStage<FilterAction> stage = new TimedFilter(probe, timings).onRequestAsync(ctx);

        assertThat(samples).as("nothing recorded while the hook waits").isEmpty();
        Thread.sleep(20);
        probe.pending.complete(FilterAction.CONTINUE);

        assertThat(stage.toCompletableFuture().get()).isSameAs(FilterAction.CONTINUE);
        assertThat(samples).singleElement().satisfies(s -> assertThat(s.nanos())
                .as("the wait counts").isGreaterThanOrEqualTo(20_000_000L));
    }
}
