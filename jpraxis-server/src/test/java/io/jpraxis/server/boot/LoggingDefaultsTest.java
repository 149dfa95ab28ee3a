package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
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
        assertThat(access.getAppender("ACCESS")).isInstanceOfSatisfying(AsyncAppender.class, queue -> {
            assertThat(queue.getAppender("ACCESS-OUT")).isInstanceOfSatisfying(ConsoleAppender.class,
                    a -> assertThat(a.getTarget()).isEqualTo("System.out"));
            assertQueueKeepsEveryLine(queue);
        });
        assertThat(access.isAdditive()).as("access lines are not repeated on stderr").isFalse();
        Logger streams = context.getLogger(LoggingDefaults.EXTPROC_ACCESS_LOGGER);
        assertThat(streams.getAppender("EXTPROC-ACCESS")).isInstanceOfSatisfying(AsyncAppender.class, queue -> {
            assertThat(queue.getAppender("EXTPROC-ACCESS-ERR")).isInstanceOfSatisfying(ConsoleAppender.class,
                    a -> assertThat(a.getTarget()).isEqualTo("System.err"));
            assertQueueKeepsEveryLine(queue);
        });
        assertThat(streams.isAdditive()).as("stream lines are written once, not also by the root").isFalse();
        assertThat(context.getLogger("io.netty").getLevel()).isEqualTo(Level.WARN);
    }

    /** Nothing lost: no INFO line dropped as the queue fills, and a full queue makes callers wait. */
    private static void assertQueueKeepsEveryLine(AsyncAppender queue) {
        assertThat(queue.isStarted()).isTrue();
        assertThat(queue.getDiscardingThreshold()).isZero();
        assertThat(queue.isNeverBlock()).isFalse();
        assertThat(queue.getQueueSize()).isEqualTo(LoggingDefaults.ACCESS_QUEUE_LINES);
    }
}
