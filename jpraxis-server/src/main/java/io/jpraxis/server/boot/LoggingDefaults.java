package io.jpraxis.server.boot;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.NopStatusListener;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The gateway's logging, set up in code: diagnostics on stderr, access lines (already JSON, from
 * the {@code access_log} filter's logger {@value #ACCESS_LOGGER}) one per line on stdout, the
 * ext_proc server's per-stream lines ({@value #EXTPROC_ACCESS_LOGGER}) on stderr, Netty at WARN.
 * Both per-request loggers write through an {@link AccessLogQueue} drained by a thread of its own,
 * so an event loop never waits on a write to a slow pipe: when the queue is full an event loop's
 * line is dropped and counted ({@value #DROPPED_METER}), any other caller waits, and
 * {@link #flush()} empties the queue before the process exits.
 * Done in code rather than in a {@code logback.xml} because parsing XML config loads a
 * few hundred classes and costs a good part of a cold start. An operator's own file, named with
 * {@code -Dlogback.configurationFile}, still takes over.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_NORMAL_PRIORITY)
public final class LoggingDefaults extends ContextAwareBase implements Configurator {
    static final String ACCESS_LOGGER = "jpraxis.access";
    static final String EXTPROC_ACCESS_LOGGER = "io.jpraxis.extproc.access";
    /** Lines a per-request logger may hold before lines are dropped: a burst of several thousand requests. */
    static final int ACCESS_QUEUE_LINES = 8192;
    /** How long {@link #flush()} gives each queue to write what it holds. */
    static final long FLUSH_MILLIS = 1000;
    static final String DROPPED_METER = "jpraxis.access_log.dropped";
    static final String DIAGNOSTIC_PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%thread] %logger{24} - %msg%n";
    private static final String OPERATOR_FILE_PROPERTY = "logback.configurationFile";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty(OPERATOR_FILE_PROPERTY) != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY; // logback's own configurator reads that file
        }
        context.getStatusManager().add(new NopStatusListener());

        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(console(context, "STDERR", "System.err", DIAGNOSTIC_PATTERN));

        Logger access = context.getLogger(ACCESS_LOGGER);
        access.setLevel(Level.INFO);
        access.setAdditive(false);
        access.addAppender(queued(context, "ACCESS", console(context, "ACCESS-OUT", "System.out", "%msg%n")));

        Logger streams = context.getLogger(EXTPROC_ACCESS_LOGGER);
        streams.setAdditive(false);
        streams.addAppender(queued(context, "EXTPROC-ACCESS",
                console(context, "EXTPROC-ACCESS-ERR", "System.err", DIAGNOSTIC_PATTERN)));

        context.getLogger("io.netty").setLevel(Level.WARN);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /**
     * Writes what is queued before the process exits: stops the logging context, which drains
     * every queued appender (for at most a second each). Does nothing under an operator's own
     * logging backend.
     */
    public static void flush() {
        if (org.slf4j.LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            context.stop();
        }
    }

    /**
     * Counts, in {@code meters}, the lines each queue dropped ({@code jpraxis_access_log_dropped_total},
     * tagged {@code log=access|extproc}); under an operator's own logging backend nothing is queued
     * by jpraxis and nothing is registered.
     */
    public static void registerMetrics(MeterRegistry meters) {
        if (!(org.slf4j.LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return;
        }
        register(meters, context.getLogger(ACCESS_LOGGER).getAppender("ACCESS"), "access");
        register(meters, context.getLogger(EXTPROC_ACCESS_LOGGER).getAppender("EXTPROC-ACCESS"), "extproc");
        // runtime.logging with non_blocking: one queue for every line (see LogOutput).
        register(meters, context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(LogOutput.QUEUE), "all");
    }

    private static void register(MeterRegistry meters, Appender<ILoggingEvent> appender, String log) {
        if (appender instanceof AccessLogQueue queue) {
            FunctionCounter.builder(DROPPED_METER, queue, AccessLogQueue::dropped).tag("log", log)
                    .description("Log lines dropped because the queue was full when an event loop logged them")
                    .register(meters);
        }
    }

    private static AccessLogQueue queued(LoggerContext context, String name, Appender<ILoggingEvent> target) {
        AccessLogQueue appender = new AccessLogQueue(target, ACCESS_QUEUE_LINES, AccessLogQueue::offEventLoop,
                FLUSH_MILLIS);
        appender.setContext(context);
        appender.setName(name);
        appender.start();
        return appender;
    }

    private static ConsoleAppender<ILoggingEvent> console(LoggerContext context, String name, String target,
            String pattern) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(pattern);
        encoder.start();
        ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
        appender.setContext(context);
        appender.setName(name);
        appender.setTarget(target);
        appender.setEncoder(encoder);
        appender.start();
        return appender;
    }
}
