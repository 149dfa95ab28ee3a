package io.jpraxis.bench.micro;

import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.ResponseOutcome;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The compiled pipeline executor walking 1, 5 and 20 conditional {@code headers} filters for one
 * request, without sockets: every gate is tested and passes, every filter sets a request header
 * and then a response header.
 *
 * <p>Each invocation is one new request, as on the edge: building its context and response head
 * is part of the figure, and {@link #newRequestOnly} measures that part alone. The response phase
 * needs the request phase first (it runs only the filters that ran), so its cost is the
 * difference between {@link #requestThenResponse} and {@link #requestPhase}.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PipelineBenchmark {
    static final String TARGET = "/api/orders/7?expand=items";

    /** A compiled pipeline of {@code filters} gated headers filters. */
    @State(Scope.Thread)
    public static class Pipeline {
        @Param({"1", "5", "20"})
        public int filters;

        CompiledPipeline compiled;

        @Setup
        public void setup() {
            compiled = BenchGateway.pipeline(BenchGateway.compile(BenchConfigs.headersPipeline(filters)));
        }
    }

    /** The execution after the request phase; its outcome is already complete (no filter is asynchronous). */
    @Benchmark
    public PipelineExecution requestPhase(Pipeline pipeline) {
        PipelineExecution execution = PipelineExecution.begin(pipeline.compiled, BenchRequests.request("GET", TARGET));
        execution.runRequest();
        return execution;
    }

    /** The response head after both phases, as it would go downstream; null if a filter replaced it. */
    @Benchmark
    public ResponseHead requestThenResponse(Pipeline pipeline) {
        PipelineExecution execution = requestPhase(pipeline);
        ResponseHead head = BenchRequests.response(200);
        return switch (execution.runResponse(head)) {
            case ResponseOutcome.Proceed proceed -> head;
            case ResponseOutcome.Replace replace -> null;
        };
    }

    /** Only the per-request objects both phases build: the part of their figures that is not the pipeline. */
    @Benchmark
    public void newRequestOnly(Blackhole sink) {
        sink.consume(BenchRequests.request("GET", TARGET));
        sink.consume(BenchRequests.response(200));
    }
}
