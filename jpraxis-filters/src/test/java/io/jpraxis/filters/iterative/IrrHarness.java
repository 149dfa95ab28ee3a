package io.jpraxis.filters.iterative;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.OneStepFactory;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.compile.PipelineCompiler;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.RequestOutcome;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.filters.BuiltInFilters;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Compiles a whole config with the built-ins (plus {@code test_result}, which publishes the result
 * its {@code key}/{@code value} name, since no built-in step filter publishes one) under feature
 * iterative-request-router, and runs one request through a listener's pipeline the way the edge
 * does: pre-read when the plan says so, then the request phase, with the JDK sub-request client.
 */
final class IrrHarness {
    static final FeatureSet FEATURES = FeatureSet.of(Feature.ITERATIVE_REQUEST_ROUTER);

    private IrrHarness() {
    }

    static CompileResult compile(String yaml) {
        LoadResult loaded = new ConfigLoader().load(yaml, FEATURES);
        assertThat(loaded.diagnostics().errors().stream().map(Diagnostic::render)).as("the config loads").isEmpty();
        FilterRegistry registry = FilterRegistry.withBuiltIns(BuiltInFilters.all()).register(new ResultFactory());
        return new PipelineCompiler(registry, FEATURES, RuntimeServices.system()).compile(loaded.config(),
                new Diagnostics());
    }

    static CompiledPipeline pipeline(String yaml) {
        CompileResult result = compile(yaml);
        assertThat(result.diagnostics().errors().stream().map(Diagnostic::render)).as("the config builds").isEmpty();
        return result.gateway().listeners().getFirst().pipeline();
    }

    /** A request as the edge hands it to the pipeline; header pairs after the body. */
    static RequestContext request(String method, String target, String... headerPairs) {
        HeaderMap headers = new HeaderMap();
        for (int i = 0; i < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        int q = target.indexOf('?');
        return new RequestContext("web", method, RequestPath.of(q < 0 ? target : target.substring(0, q)),
                q < 0 ? null : target.substring(q + 1), "http", new InetSocketAddress("127.0.0.1", 40000), headers,
                "req-1", Instant.now());
    }

    /** Runs {@code ctx} with {@code body} through {@code pipeline}; waits for the asynchronous outcome. */
    static RequestOutcome run(CompiledPipeline pipeline, RequestContext ctx, byte[] body, JdkSubRequestClient client)
            throws Exception {
        ctx.subRequests(client);
        PipelineExecution exec = PipelineExecution.begin(pipeline, ctx);
        if (pipeline.body().preReads() && body.length > 0) {
            exec.runPreRead(BodyChunk.of(body, true));
        }
        return exec.runRequest().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** {@code test_result}: publishes {@code key=value} as a result of type {@code test_result}. */
    private static final class ResultFactory implements OneStepFactory {
        @Override
        public String type() {
            return "test_result";
        }

        @Override
        public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
            String key = options.requiredString("key");
            String value = options.requiredString("value");
            options.finish();
            return Optional.of(new HttpFilter() {
                @Override
                public String type() {
                    return "test_result";
                }

                @Override
                public Object config() {
                    return key + "=" + value;
                }

                @Override
                public FilterAction onRequest(RequestContext ctx) {
                    ctx.results().put("test_result", key, value);
                    return FilterAction.CONTINUE;
                }
            });
        }
    }
}
