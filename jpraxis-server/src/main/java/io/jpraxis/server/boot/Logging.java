package io.jpraxis.server.boot;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.util.Locale;
import java.util.Set;
import org.slf4j.LoggerFactory;

/** Applies {@code --log-level} to the root logger. */
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
}
