package io.jpraxis.core.pipeline.execute;

import static io.jpraxis.core.pipeline.TestFilters.pipeline;
import static io.jpraxis.core.pipeline.TestFilters.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.ErrorRenderer;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UnreadableRequest;
import io.jpraxis.core.filter.ErrorEnvelopeSource;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.TestFilters;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A filter that recognises the request's API sets the shape of its errors before any filter runs
 * (see docs/behaviour/request-lifecycle.md#error-bodies), and a request nothing could route because
 * it lacks what routing reads is a 400, not a 500.
 */
class ErrorEnvelopeBeginTest {
    private final List<String> journal = new ArrayList<>();

    /** Offers {@code renderer} for requests under {@code prefix}. */
    static final class Recognising extends TestFilters.Recording implements ErrorEnvelopeSource {
        private final String prefix;
        private final ErrorRenderer renderer;

        Recognising(String name, List<String> journal, String prefix, ErrorRenderer renderer) {
            super(name, journal);
            this.prefix = prefix;
            this.renderer = renderer;
        }

        @Override
        public ErrorRenderer errorRenderer(RequestContext ctx) {
            return ctx.matchPath().startsWith(prefix) ? renderer : null;
        }
    }

    private static ErrorRenderer named(String name) {
        return (ctx, status, reason) -> Optional.of(LocalResponse.jsonError(status, name + ": " + reason));
    }

    @Test
    void theRendererIsInPlaceBeforeTheFirstFilterRuns() {
        ErrorRenderer ai = named("ai");
        List<String> seenByFirst = new ArrayList<>();
        CompiledPipeline p = pipeline(new TestFilters.Recording("refuser", journal, ctx -> {
            seenByFirst.add(ctx.extensions().get(ErrorRenderer.KEY).map(r -> r == ai ? "ai" : "other").orElse("none"));
            return FilterAction.reject(403, "refused");
        }), new Recognising("ai", journal, "/v1/", ai));

        RequestContext ctx = request("POST", "/v1/chat/completions");
        PipelineExecution.begin(p, ctx).runRequest().toCompletableFuture().join();

        assertThat(seenByFirst).as("an error of a filter before the AI one is in the API's shape too")
                .containsExactly("ai");
        assertThat(journal).as("the AI filter never ran").containsExactly("req:refuser");
    }

    @Test
    void aRequestNoSourceRecognisesKeepsThePlainErrorAndTheFirstSourceWins() {
        ErrorRenderer first = named("first");
        CompiledPipeline p = pipeline(new Recognising("a", journal, "/v1/", first),
                new Recognising("b", journal, "/", named("second")));

        RequestContext ai = request("POST", "/v1/embeddings");
        PipelineExecution.begin(p, ai);
        assertThat(ai.extensions().get(ErrorRenderer.KEY)).as("first source in chain order").containsSame(first);
        CompiledPipeline plain = pipeline(new Recognising("a", journal, "/v1/", first));
        RequestContext other = request("GET", "/status");
        PipelineExecution.begin(plain, other);
        assertThat(other.extensions().get(ErrorRenderer.KEY)).as("not recognised: no renderer").isEmpty();
    }

    @Test
    void nothingRoutedBecauseTheRequestWasUnreadableIsAFourHundred() {
        CompiledPipeline p = pipeline(new TestFilters.Recording("reader", journal, ctx -> {
            ctx.extensions().put(UnreadableRequest.KEY, new UnreadableRequest("no \"model\"", "model", "missing"));
            return FilterAction.CONTINUE;
        }));

        RequestOutcome outcome = PipelineExecution.begin(p, request("POST", "/v1/chat/completions")).runRequest()
                .toCompletableFuture().join();

        assertThat(outcome).as("the client's fault, named").isEqualTo(new RequestOutcome.Reject(400, "no \"model\""));
        RequestOutcome readable = PipelineExecution.begin(pipeline(new TestFilters.Recording("x", journal)),
                request("POST", "/v1/chat/completions")).runRequest().toCompletableFuture().join();
        assertThat(readable).as("otherwise the pipeline with nowhere to send it")
                .isInstanceOf(RequestOutcome.NoUpstream.class);
    }
}
