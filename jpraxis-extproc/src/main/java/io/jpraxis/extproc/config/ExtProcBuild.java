package io.jpraxis.extproc.config;

import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.CompiledPipeline;

/**
 * The outcome of loading and compiling an ext_proc config.
 *
 * @param config the loaded config, or null when it could not be read at all
 * @param gateway the compiled pipeline's holder, or null when the config was refused
 * @param routeHeader the {@code intelligent_route} route header picker mode mirrors, or null when none is configured
 */
public record ExtProcBuild(ExtProcConfig config, CompiledGateway gateway, Diagnostics diagnostics, String routeHeader) {

    public boolean ok() {
        return gateway != null && !diagnostics.hasErrors();
    }

    /** The one pipeline every stream runs. */
    public CompiledPipeline pipeline() {
        return gateway.listeners().get(0).pipeline();
    }
}
