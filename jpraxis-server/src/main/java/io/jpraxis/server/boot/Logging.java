package io.jpraxis.server.boot;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.jpraxis.config.load.LogModules;
import io.jpraxis.config.model.LogLevel;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import org.slf4j.LoggerFactory;

/** Applies {@code --log-level} to the root logger and {@code runtime.log_overrides} to named loggers. */
public final class Logging {
    private static final Set<String> LEVELS = Set.of("error", "warn", "info", "debug", "trace");

    private Logging() {
    }

    /** Sets the root level; null keeps the default (info). */
    public static void setLevel(String level) {
        if (level == null) {
            return;
        }
        String normalized = level.toLowerCase(Locale.ROOT);
        if (!LEVELS.contains(normalized)) {
            throw new IllegalArgumentException("--log-level " + level + " (expected: error | warn | info | debug | trace)");
        }
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(normalized));
    }

    /**
     * Sets each override's level on the loggers its module path names (see
     * docs/behaviour/log-overrides.md); the root level ({@code --log-level}) stays the baseline.
     *
     * @return the level each logger got, in the order applied
     */
    public static Map<String, LogLevel> applyOverrides(SortedMap<String, LogLevel> overrides) {
        Map<String, LogLevel> applied = loggerLevels(overrides);
        applied.forEach((name, level) -> ((Logger) LoggerFactory.getLogger(name)).setLevel(Level.toLevel(level.name())));
        return applied;
    }

    /**
     * The logger levels {@code overrides} stand for. A module mapped only through its crate goes
     * first, so a module with a counterpart of its own keeps its level on the loggers they share.
     */
    static Map<String, LogLevel> loggerLevels(SortedMap<String, LogLevel> overrides) {
        Map<String, LogLevel> out = new LinkedHashMap<>();
        for (boolean exact : new boolean[] {false, true}) {
            overrides.forEach((module, level) -> {
                Optional<LogModules.Mapping> mapping = LogModules.loggers(module);
                if (mapping.isPresent() && mapping.get().exact() == exact) {
                    mapping.get().loggers().forEach(name -> {
                        out.remove(name); // re-inserted: the map's order is the order applied
                        out.put(name, level);
                    });
                }
            });
        }
        return out;
    }
}
