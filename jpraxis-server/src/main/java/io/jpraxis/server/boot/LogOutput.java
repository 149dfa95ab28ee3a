package io.jpraxis.server.boot;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import io.jpraxis.config.model.LoggingConfig;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Applies {@code runtime.logging} at start (see docs/behaviour/log-output.md): diagnostics, access
 * lines and the ext_proc stream lines all go to the one destination it names, each in its own
 * format, through one appender so lines never interleave mid-line; with {@code non_blocking}
 * through one {@link AccessLogQueue} of {@code buffer_size} lines. Under an operator's own
 * logging backend ({@code -Dlogback.configurationFile}) it changes nothing.
 */
final class LogOutput {
    /** The name of the shared queue, whose drops are counted as {@code log="all"}. */
    static final String QUEUE = "LOG";

    private LogOutput() {
    }

    /**
     * Sends every line to {@code logging}'s destination.
     *
     * @return false when an operator's own logging backend is in charge (nothing changed)
     * @throws IOException naming the file when it cannot be created or opened for appending
     */
    static boolean apply(LoggingConfig logging) throws IOException {
        if (System.getProperty("logback.configurationFile") != null
                || !(org.slf4j.LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return false;
        }
        OutputStreamAppender<ILoggingEvent> target = target(context, logging);
        Appender<ILoggingEvent> appender = target;
        if (logging.nonBlocking()) {
            AccessLogQueue queue = new AccessLogQueue(target, logging.bufferLines(), AccessLogQueue::offEventLoop,
                    LoggingDefaults.FLUSH_MILLIS);
            queue.setContext(context);
            queue.setName(QUEUE);
            queue.start();
            appender = queue;
        }
        for (String name : new String[] {Logger.ROOT_LOGGER_NAME, LoggingDefaults.ACCESS_LOGGER,
                LoggingDefaults.EXTPROC_ACCESS_LOGGER}) {
            Logger logger = context.getLogger(name);
            logger.detachAndStopAllAppenders(); // the queued ones write out what they hold first
            logger.addAppender(appender);
        }
        return true;
    }

    private static OutputStreamAppender<ILoggingEvent> target(LoggerContext context, LoggingConfig logging)
            throws IOException {
        OutputStreamAppender<ILoggingEvent> appender = switch (logging.output()) {
            case STDOUT -> console("System.out");
            case STDERR -> console("System.err");
            case FILE -> file(logging.filePath());
        };
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(new PerLoggerLayout(context));
        encoder.start();
        appender.setContext(context);
        appender.setName("LOG-OUT");
        appender.setEncoder(encoder);
        appender.start();
        if (!appender.isStarted()) {
            throw new IOException("runtime.logging: " + logging.output() + " could not be opened");
        }
        return appender;
    }

    private static ConsoleAppender<ILoggingEvent> console(String target) {
        ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
        appender.setTarget(target);
        return appender;
    }

    /** Appends to {@code path}, its parent directories created; checked here so a failure names the file. */
    private static FileAppender<ILoggingEvent> file(Path path) throws IOException {
        Path absolute = path.toAbsolutePath();
        try {
            if (absolute.getParent() != null) {
                Files.createDirectories(absolute.getParent());
            }
            try (OutputStream probe = Files.newOutputStream(absolute, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND)) {
                probe.flush();
            }
        } catch (IOException e) {
            throw new IOException("runtime.logging.file_path " + path + ": cannot append to it (" + e + ")", e);
        }
        FileAppender<ILoggingEvent> appender = new FileAppender<>();
        appender.setFile(absolute.toString());
        appender.setAppend(true);
        return appender;
    }

    /** Access lines as they are (already JSON), everything else in the diagnostic pattern. */
    private static final class PerLoggerLayout extends LayoutBase<ILoggingEvent> {
        private final PatternLayout diagnostic = pattern(LoggingDefaults.DIAGNOSTIC_PATTERN);
        private final PatternLayout access = pattern("%msg%n");

        PerLoggerLayout(LoggerContext context) {
            setContext(context);
            diagnostic.setContext(context);
            access.setContext(context);
            diagnostic.start();
            access.start();
        }

        private static PatternLayout pattern(String pattern) {
            PatternLayout layout = new PatternLayout();
            layout.setPattern(pattern);
            return layout;
        }

        @Override
        public String doLayout(ILoggingEvent event) {
            return LoggingDefaults.ACCESS_LOGGER.equals(event.getLoggerName()) ? access.doLayout(event)
                    : diagnostic.doLayout(event);
        }
    }
}
