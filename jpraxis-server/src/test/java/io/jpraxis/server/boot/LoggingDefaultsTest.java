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
        assertThat(access.getAppender("ACCESS"))
                .isInstanceOfSatisfying(ConsoleAppender.class, a -> assertThat(a.getTarget()).isEqualTo("System.out"));
        assertThat(access.isAdditive()).as("access lines are not repeated on stderr").isFalse();
        assertThat(context.getLogger("io.netty").getLevel()).isEqualTo(Level.WARN);
    }
}
