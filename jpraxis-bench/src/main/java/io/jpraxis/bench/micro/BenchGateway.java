package io.jpraxis.bench.micro;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayBuilder;
import java.util.stream.Collectors;

/**
 * Compiles benchmark configs the way {@code jpraxis validate} and {@code serve} do and hands out
 * the compiled pieces a benchmark drives. A refused config is a bug in the benchmark, so it throws.
 */
public final class BenchGateway {
    private BenchGateway() {
    }

    /** The builder {@code jpraxis validate} uses: built-in filters, no features, system services. */
    public static GatewayBuilder builder() {
        return new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system());
    }

    /** Loads, validates and compiles {@code yaml}; throws with every error when the config is refused. */
    public static CompiledGateway compile(String yaml) {
        return requireOk(builder().build(yaml));
    }

    /** The gateway of {@code result}, or an exception listing every error of the build. */
    public static CompiledGateway requireOk(CompileResult result) {
        if (!result.ok()) {
            String errors = result.diagnostics().errors().stream().map(Diagnostic::render)
                    .collect(Collectors.joining("\n  "));
            throw new IllegalStateException("benchmark config refused:\n  " + errors);
        }
        return result.gateway();
    }

    /** The pipeline of the gateway's first listener (benchmark configs declare one). */
    public static CompiledPipeline pipeline(CompiledGateway gateway) {
        return gateway.listeners().getFirst().pipeline();
    }

    /** The first filter of class {@code type} in the first listener's pipeline. */
    public static <T extends HttpFilter> T filter(CompiledGateway gateway, Class<T> type) {
        for (CompiledFilter f : pipeline(gateway).filters()) {
            if (type.isInstance(f.filter())) {
                return type.cast(f.filter());
            }
        }
        throw new IllegalStateException("no " + type.getSimpleName() + " in the benchmark pipeline");
    }

    /** The pipeline slot at {@code index} of the first listener, with its compiled conditions. */
    public static CompiledFilter slot(CompiledGateway gateway, int index) {
        return pipeline(gateway).filters().get(index);
    }
}
