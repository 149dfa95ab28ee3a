package io.jpraxis.config.model;

import io.jpraxis.config.diag.ConfigPath;

/** Where a config element was written: its YAML path and line, kept for later diagnostics. */
public record SourceRef(ConfigPath path, int line) {
    public static SourceRef synthetic(String what) {
        return new SourceRef(ConfigPath.root().key(what), 0);
    }
}
