package io.jpraxis.config.load;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.GatewayConfig;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of loading a config: the config when no error was found, and every diagnostic
 * (warnings included) either way.
 *
 * @param config null when {@code diagnostics} holds at least one error
 * @param bestEffort what could be read even with errors (null when the YAML did not parse); the
 *     compiler checks it too, so one run reports filter-level problems beside load-level ones
 */
public record LoadResult(GatewayConfig config, Diagnostics diagnostics, GatewayConfig bestEffort) {

    public LoadResult(GatewayConfig config, Diagnostics diagnostics) {
        this(config, diagnostics, config);
    }

    /** Whether the config loaded (warnings allowed). */
    public boolean ok() {
        return config != null;
    }

    public Optional<GatewayConfig> configIfOk() {
        return Optional.ofNullable(config);
    }

    /**
     * Every diagnostic ordered by line (stable; line-less ones first), for printing: the loader
     * finds them section by section, which is not the order a reader scans the file in.
     */
    public List<Diagnostic> inDocumentOrder() {
        return diagnostics.all().stream().sorted(Comparator.comparingInt(Diagnostic::line)).toList();
    }
}
