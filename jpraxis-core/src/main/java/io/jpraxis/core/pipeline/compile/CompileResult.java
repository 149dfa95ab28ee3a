package io.jpraxis.core.pipeline.compile;

import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.check.PipelineReport;
import java.util.List;

/**
 * The compiled gateway (null when any error was found) and every diagnostic of the build.
 *
 * @param reports each listener's control-flow graph and ordering-check verdicts, in listener order;
 *     empty when the build failed before the checks could run (they need every filter built)
 */
public record CompileResult(CompiledGateway gateway, Diagnostics diagnostics, List<PipelineReport> reports) {

    public CompileResult {
        reports = List.copyOf(reports);
    }

    /** A result without ordering-check reports. */
    public CompileResult(CompiledGateway gateway, Diagnostics diagnostics) {
        this(gateway, diagnostics, List.of());
    }

    public boolean ok() {
        return gateway != null && !diagnostics.hasErrors();
    }
}
