package io.jpraxis.bench.micro;

import io.jpraxis.core.condition.RequestCondition;
import io.jpraxis.core.condition.ResponseCondition;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.CompiledFilter;
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
 * The compiled {@code conditions} / {@code response_conditions} gates of a filter entry, as the
 * executor tests them before each hook: one request that meets the gate and one that fails it,
 * per predicate shape, and a response gate on status and a header.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ConditionBenchmark {

    /** The request predicate shapes measured, each as entry {@code conditions} YAML. */
    public enum Shape {
        PATH_PREFIX("""
                          - when:
                              path_prefix: "/api/v1"
                """),
        METHODS("""
                          - when:
                              methods: [GET, HEAD]
                """),
        HEADERS("""
                          - when:
                              headers:
                                x-tenant: acme
                """),
        /** Every field a request must pass, then an {@code unless}: the longest walk through one gate. */
        COMBINED("""
                          - when:
                              path_prefix: "/api/v1"
                              methods: [GET, POST]
                              headers:
                                x-tenant: acme
                          - unless:
                              headers_present: [x-debug]
                """);

        final String conditionsYaml;

        Shape(String conditionsYaml) {
            this.conditionsYaml = conditionsYaml;
        }
    }

    static final String RESPONSE_CONDITIONS = """
                      - when:
                          status: [200, 204]
                          headers_present: [content-type]
            """;

    /** A request gate of one shape, with a request that passes it and one that the first check fails. */
    @State(Scope.Thread)
    public static class RequestGate {
        @Param
        public Shape shape;

        RequestCondition condition;
        RequestContext passing;
        RequestContext failing;

        @Setup
        public void setup() {
            condition = compiledSlot(shape).condition();
            passing = BenchRequests.request("GET", "/api/v1/users/42", "x-tenant", "acme");
            failing = BenchRequests.request("POST", "/internal/metrics", "x-tenant", "other");
        }
    }

    /** The response gate, with a 200 JSON response head that passes it. */
    @State(Scope.Thread)
    public static class ResponseGate {
        ResponseCondition condition;
        ResponseHead passing;

        @Setup
        public void setup() {
            condition = compiledSlot(Shape.COMBINED).responseCondition();
            passing = BenchRequests.response(200);
        }
    }

    /** The compiled pipeline slot of a filter gated by {@code shape} and the response conditions. */
    static CompiledFilter compiledSlot(Shape shape) {
        return BenchGateway.slot(BenchGateway.compile(
                BenchConfigs.gatedFilter(shape.conditionsYaml, RESPONSE_CONDITIONS)), 0);
    }

    @Benchmark
    public boolean requestPasses(RequestGate gate) {
        return gate.condition.test(gate.passing);
    }

    @Benchmark
    public boolean requestFails(RequestGate gate) {
        return gate.condition.test(gate.failing);
    }

    @Benchmark
    public boolean responsePasses(ResponseGate gate) {
        return gate.condition.test(gate.passing);
    }
}
