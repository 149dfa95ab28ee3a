package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.jpraxis.config.model.LogLevel;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LoggingOverridesTest {
    private static final List<String> TOUCHED = List.of("io.jpraxis.filters", "io.jpraxis.ai", "io.jpraxis.core.pipeline",
            "io.jpraxis.http", "io.jpraxis.extproc", "io.jpraxis.http.upstream");

    @AfterEach
    void reset() {
        TOUCHED.forEach(name -> ((Logger) LoggerFactory.getLogger(name)).setLevel(null));
    }

    @Test
    void aModuleOfItsOwnKeepsItsLevelOverItsCratesEntry() {
        TreeMap<String, LogLevel> overrides = new TreeMap<>(Map.of(
                "praxis_filter", LogLevel.WARN,
                "praxis_filter::pipeline", LogLevel.TRACE,
                "praxis_filter::zzz_unknown", LogLevel.ERROR));
        Map<String, LogLevel> levels = Logging.loggerLevels(overrides);
        assertThat(levels).as("the crate-only entry applies first, so both exact entries win where they overlap")
                .containsEntry("io.jpraxis.core.pipeline", LogLevel.TRACE)
                .containsEntry("io.jpraxis.filters", LogLevel.WARN)
                .containsEntry("io.jpraxis.ai", LogLevel.WARN);
    }

    @Test
    void setsTheLevelOnTheNamedLoggersAndLeavesOthersToTheRoot() {
        Logging.applyOverrides(new TreeMap<>(Map.of("jpraxis::http::upstream", LogLevel.DEBUG)));
        Logger upstream = (Logger) LoggerFactory.getLogger("io.jpraxis.http.upstream.Http2Connection");
        Logger server = (Logger) LoggerFactory.getLogger("io.jpraxis.http.server.Http1ServerHandler");
        assertThat(upstream.getEffectiveLevel()).isEqualTo(Level.DEBUG);
        assertThat(upstream.isDebugEnabled()).isTrue();
        assertThat(server.isDebugEnabled()).as("a sibling package keeps the baseline").isFalse();
    }
}
