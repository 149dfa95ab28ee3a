package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.LoggerContext;
import io.jpraxis.config.model.LoggingConfig;
import io.jpraxis.config.model.LoggingConfig.Output;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** {@code runtime.logging} applied to the process's real logback context, written to real files. */
class LogOutputTest {
    @TempDir
    Path dir;

    @AfterEach
    void restoreTheDefaults() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        new LoggingDefaults().configure(context);
    }

    private static List<String> awaitLines(Path file, int count) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        List<String> lines = List.of();
        while (System.nanoTime() < deadline) {
            lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
            if (lines.size() >= count) {
                return lines;
            }
            Thread.sleep(20);
        }
        return lines;
    }

    private static void logOneOfEach() {
        LoggerFactory.getLogger("io.jpraxis.server.demo").warn("upstream {} ejected", "a:1");
        LoggerFactory.getLogger(LoggingDefaults.ACCESS_LOGGER).info("{\"status\":200}");
    }

    @Test
    void fileOutputAppendsDiagnosticsAndAccessLinesEachInItsFormatCreatingTheDirectories() throws Exception {
        Path file = dir.resolve("logs/jpraxis/gateway.log");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "kept from before\n");

        assertThat(LogOutput.apply(new LoggingConfig(Output.FILE, file, false, null))).isTrue();
        logOneOfEach();

        List<String> lines = awaitLines(file, 3);
        assertThat(lines).as("appended, never truncated").first().isEqualTo("kept from before");
        assertThat(lines).anySatisfy(l -> assertThat(l).matches("\\d{4}-\\d\\d-\\d\\dT.* WARN  \\[.*] .*demo - "
                + "upstream a:1 ejected"));
        assertThat(lines).as("the access line as it is").contains("{\"status\":200}");
    }

    @Test
    void nonBlockingOutputWritesThroughTheQueueAndCreatesMissingDirectories() throws Exception {
        Path file = dir.resolve("new/sub/dir/gateway.log");

        assertThat(LogOutput.apply(new LoggingConfig(Output.FILE, file, true, 16))).isTrue();
        logOneOfEach();

        assertThat(awaitLines(file, 2)).hasSize(2).contains("{\"status\":200}");
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        assertThat(context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender(LogOutput.QUEUE))
                .as("one queue of buffer_size lines").isInstanceOfSatisfying(AccessLogQueue.class,
                        q -> assertThat(q.capacity()).isEqualTo(16));
    }

    @Test
    void aFileThatCannotBeOpenedIsRefusedNamingIt() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("plain"), "x");
        Path file = notADirectory.resolve("gateway.log");

        assertThatThrownBy(() -> LogOutput.apply(new LoggingConfig(Output.FILE, file, false, null)))
                .isInstanceOf(IOException.class).hasMessageContaining("runtime.logging.file_path " + file);
    }
}
