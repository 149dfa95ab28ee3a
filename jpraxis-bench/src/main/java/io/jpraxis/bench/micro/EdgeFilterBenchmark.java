package io.jpraxis.bench.micro;

import io.jpraxis.bench.load.EdgeCredentials;
import io.jpraxis.bench.load.EdgePipeline;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.execute.PipelineExecution;
import io.jpraxis.core.pipeline.execute.ResponseOutcome;
import java.net.InetSocketAddress;
import java.util.Map;
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

/**
 * The CPU each filter of the edge pipeline (issue 26) adds to a request, without sockets: the
 * pipeline of {@code stage} is built from YAML through the real factories and compiled, and each
 * invocation runs one new request through it, as the edge does: {@code GET /edge/small} from the
 * load balancer on 127.0.0.1 with the client's bearer token, its page's {@code Origin} and an
 * {@code X-Forwarded-For}.
 *
 * <p>Stages: {@code none} (an empty chain: the request's own objects and the executor),
 * {@code router} (alone), {@code plain} (router + load_balancer, the load suite's plain path), one
 * stage per edge filter ({@code <filter>} + router + load_balancer), {@code jwt_auth_fresh}
 * ({@code cache_size: 0}: the RS256 signature checked on every request, what a token the cache
 * has not seen costs) and {@code edge} (all eight). A filter's added cost is its stage's figure
 * less {@code plain}'s; the router's is {@code router} less {@code none}, the load balancer's
 * {@code plain} less {@code router}. {@code jwt_auth} sends the same token every time, as a client
 * reuses it: after the first request the verification is a cache hit.
 *
 * <p>Bounded: 11 stages x 2 methods x (3 + 5) one-second iterations, about 3.5 minutes with the
 * forks' start-up ({@code bench/jmh EdgeFilterBenchmark}).
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EdgeFilterBenchmark {
    /** The TCP peer: the load balancer forwarded_headers trusts. */
    static final InetSocketAddress BALANCER = new InetSocketAddress("127.0.0.1", 41000);

    /** The compiled pipeline of one stage and the token its requests carry. */
    @State(Scope.Thread)
    public static class Stage {
        @Param({"none", "router", "plain", "forwarded_headers", "ip_acl", "cors", "jwt_auth", "jwt_auth_fresh",
                "rate_limit", "path_rewrite", "edge"})
        public String stage;

        CompiledPipeline compiled;
        String[] headers;

        @Setup
        public void setup() {
            EdgeCredentials credentials = EdgeCredentials.generate();
            compiled = BenchGateway.pipeline(BenchGateway.compile(BenchConfigs.edgeStage(stage, credentials.jwks())));
            Map<String, String> client = EdgePipeline.clientHeaders(credentials.token());
            headers = client.entrySet().stream().flatMap(e -> java.util.stream.Stream.of(e.getKey(), e.getValue()))
                    .toArray(String[]::new);
        }
    }

    /** The execution after the request phase (every filter here is synchronous). */
    @Benchmark
    public PipelineExecution requestPhase(Stage stage) {
        PipelineExecution execution = PipelineExecution.begin(stage.compiled,
                BenchRequests.fromPeer(BALANCER, "GET", EdgePipeline.PATH, stage.headers));
        execution.runRequest();
        return execution;
    }

    /** Both phases: cors and rate_limit write their response headers in the second. */
    @Benchmark
    public ResponseHead requestThenResponse(Stage stage) {
        PipelineExecution execution = requestPhase(stage);
        ResponseHead head = BenchRequests.response(200);
        return switch (execution.runResponse(head)) {
            case ResponseOutcome.Proceed proceed -> head;
            case ResponseOutcome.Replace replace -> null;
        };
    }
}
