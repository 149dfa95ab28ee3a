package io.jpraxis.bench.micro;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.GatewayBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code jpraxis validate -c FILE} does with a 1,000-chain config ({@link LargeConfig}):
 * read the file, load, validate, compile every filter, then close the compiled gateway. The goal
 * is under a second. This is the warmed-up figure: a one-shot CLI run also pays JVM start-up,
 * class loading and interpreted code, and the first few calls here (a short warm-up's worth) are
 * several times slower than the steady state.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
// Its first calls run interpreted and take seconds each on 2 busy cores; the warm-up must outlast them.
@Fork(1)
@Warmup(iterations = 5, time = 5)
@Measurement(iterations = 5, time = 2)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ConfigValidationBenchmark {
    /** The loader's limit on filter chains (see docs/behaviour/limits.md#the-limits-table). */
    static final int CHAINS = 1_000;

    /** Conditional skip branches in {@link #bindingYaml}: 2^30 paths, which the checks must not walk one by one. */
    static final int OPTIONAL_SKIPS = 60;

    Path file;
    ConfigSource source;
    String binding;
    GatewayBuilder bindingBuilder;

    @Setup
    public void setup() throws IOException {
        file = Files.createTempFile("jpraxis-bench-", ".yaml");
        Files.writeString(file, LargeConfig.yaml(CHAINS), StandardCharsets.UTF_8);
        source = new ConfigSource(file, file.toString());
        binding = bindingYaml(OPTIONAL_SKIPS);
        bindingBuilder = new GatewayBuilder(FeatureSet.of(Feature.UPSTREAM_BINDING), RuntimeServices.system());
    }

    /** A binding pipeline: router, a bound condition, {@code skips} hosts each with a conditional skip, a balancer. */
    static String bindingYaml(int skips) {
        StringBuilder y = new StringBuilder("""
                listeners:
                  - name: web
                    address: "127.0.0.1:8080"
                    filter_chains: [main]
                filter_chains:
                  - name: main
                    filters:
                      - filter: router
                        routes:
                          - {path_prefix: "/openai/", cluster: openai}
                          - {path_prefix: "/", cluster: generic}
                      - filter: headers
                        conditions: [{when: {bound_upstream: {application_provider: openai}}}]
                """);
        for (int i = 0; i < skips; i++) {
            y.append("""
                          - filter: headers
                            name: n%d
                            branch_chains:
                              - name: j%d
                                on_result: {filter: headers, key: status, result: skip}
                                rejoin: n%d
                                chains: [{name: c%d, filters: [{filter: headers}]}]
                    """.formatted(i, i, Math.min(i + 2, skips), i));
        }
        return y.append("""
                      - filter: load_balancer
                        name: n%d
                        clusters:
                          - {name: openai, http: {application_provider: openai}, endpoints: ["openai.internal:80"]}
                          - {name: generic, endpoints: ["generic.internal:80"]}
                """.formatted(skips)).toString();
    }

    @TearDown
    public void tearDown() throws IOException {
        Files.deleteIfExists(file);
    }

    /** The build result (gateway already closed, as {@code validate} leaves it), with every diagnostic. */
    @Benchmark
    public CompileResult validateThousandChains() {
        // A builder per run, as each CLI run makes one: the filter registry is part of the path.
        CompileResult result = BenchGateway.builder().build(source);
        if (result.gateway() != null) {
            result.gateway().close();
        }
        return result;
    }

    /** Validates a binding pipeline with {@link #OPTIONAL_SKIPS} optional skips (every binding rule runs). */
    @Benchmark
    public CompileResult validateBindingWithSixtyOptionalSkips() {
        CompileResult result = bindingBuilder.build(binding);
        if (result.gateway() == null) {
            throw new IllegalStateException("binding config refused: " + result.diagnostics().errors());
        }
        result.gateway().close();
        return result;
    }
}
