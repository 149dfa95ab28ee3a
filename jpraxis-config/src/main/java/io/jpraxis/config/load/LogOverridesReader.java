package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.LogLevel;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads {@code runtime.log_overrides}: module path to level (see docs/behaviour/log-overrides.md).
 * Every bad entry is reported; a well-formed module with no jpraxis counterpart is a warning, since
 * Praxis accepts any module path and such an entry changes nothing here.
 */
final class LogOverridesReader {
    private static final String LEVELS = "error | warn | info | debug | trace";

    private LogOverridesReader() {
    }

    static SortedMap<String, LogLevel> read(Optional<ConfigNode> node, ConfigPath path, Diagnostics d) {
        SortedMap<String, LogLevel> out = new TreeMap<>();
        if (node.isEmpty() || node.get() instanceof ConfigNode.NullNode) {
            return out;
        }
        if (!(node.get() instanceof ConfigNode.MapNode map)) {
            d.invalid(path, node.get().line(), node.get().render(), "a map of module path to level");
            return out;
        }
        for (ConfigNode.MapNode.Entry e : map.entries()) {
            ConfigPath at = path.key(e.key());
            boolean moduleOk = LogModules.wellFormed(e.key());
            if (!moduleOk) {
                d.error(at, e.keyLine(), "invalid module path \"" + e.key() + "\" (expected: '::'-separated "
                        + "segments, each a letter or '_' followed by letters, digits or '_')");
            }
            Optional<LogLevel> level = Scalars.string(e.value(), at, d).flatMap(v -> level(v, at, e.value().line(), d));
            if (!moduleOk || level.isEmpty()) {
                continue;
            }
            out.put(e.key(), level.get());
            Optional<LogModules.Mapping> mapping = LogModules.loggers(e.key());
            if (mapping.isEmpty()) {
                d.warn(at, e.keyLine(), "\"" + e.key() + "\" names no jpraxis logger, so this override changes "
                        + "nothing (see docs/behaviour/log-overrides.md#module-paths)");
            } else if (!mapping.get().exact()) {
                d.warn(at, e.keyLine(), "\"" + e.key() + "\" has no jpraxis counterpart of its own; the level "
                        + "applies to its crate's loggers " + String.join(", ", mapping.get().loggers()));
            }
        }
        return out;
    }

    private static Optional<LogLevel> level(String value, ConfigPath at, int line, Diagnostics d) {
        try {
            return Optional.of(LogLevel.valueOf(value.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            d.invalid(at, line, "\"" + value + "\"", LEVELS);
            return Optional.empty();
        }
    }
}
