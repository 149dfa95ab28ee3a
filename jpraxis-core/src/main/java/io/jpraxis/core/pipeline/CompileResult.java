package io.jpraxis.core.pipeline;

import io.jpraxis.config.diag.Diagnostics;

/** The compiled gateway (null when any error was found) and every diagnostic of the build. */
public record CompileResult(CompiledGateway gateway, Diagnostics diagnostics) {
    public boolean ok() {
        return gateway != null && !diagnostics.hasErrors();
    }
}
