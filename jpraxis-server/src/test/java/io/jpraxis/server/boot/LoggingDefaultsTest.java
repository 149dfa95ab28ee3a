package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.ConsoleAppender;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LoggingDefaultsTest {

    @Test
    void diagnosticsGoToStderrAndAccessLinesAloneToStdout() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        Logger access = context.getLogger(LoggingDefaults.ACCESS_LOGGER);

        assertThat(root.getAppender("STDERR")).as("the service-loaded configurator ran")
                .isInstanceOfSatisfying(ConsoleAppender.class, a -> assertThat(a.getTarget()).isEqualTo("System.err"));
        assertThat(access.getAppender("ACCESS")).isInstanceOfSatisfying(AccessLogQueue.class, queue -> {
            assertThat(queue.target()).isInstanceOfSatisfying(ConsoleAppender.class,
                    a -> assertThat(a.getTarget()).isEqualTo("System.out"));
            assertQueued(queue);
        });
        assertThat(access.isAdditive()).as("access lines are not repeated on stderr").isFalse();
        Logger streams = context.getLogger(LoggingDefaults.EXTPROC_ACCESS_LOGGER);
        assertThat(streams.getAppender("EXTPROC-ACCESS")).isInstanceOfSatisfying(AccessLogQueue.class, queue -> {
            assertThat(queue.target()).isInstanceOfSatisfying(ConsoleAppender.class,
                    a -> assertThat(a.getTarget()).isEqualTo("System.err"));
            assertQueued(queue);
        });
        assertThat(streams.isAdditive()).as("stream lines are written once, not also by the root").isFalse();
        assertThat(context.getLogger("io.netty").getLevel()).isEqualTo(Level.WARN);
    }

    /** What a full queue does is AccessLogQueueTest's; here, that each logger has one of the agreed size. */
    private static void assertQueued(AccessLogQueue queue) {
        assertThat(queue.isStarted()).isTrue();
        assertThat(queue.capacity()).isEqualTo(LoggingDefaults.ACCESS_QUEUE_LINES);
    }
}
