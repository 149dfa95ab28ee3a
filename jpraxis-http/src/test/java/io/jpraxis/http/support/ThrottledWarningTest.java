package io.jpraxis.http.support;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class ThrottledWarningTest {
    private final Logger logger = (Logger) LoggerFactory.getLogger("io.jpraxis.test.throttled");
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final AtomicLong now = new AtomicLong();
    private final ThrottledWarning warning = new ThrottledWarning(logger, 60_000, now::get);

    @BeforeEach
    void attach() {
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void detach() {
        logger.detachAppender(lines);
    }

    @Test
    void oneLinePerKindPerPeriodAndTheNextSaysHowManyWereHeldBack() {
        for (int i = 0; i < 50; i++) {
            warning.warn("A", "event {}", i);
        }
        warning.warn("B", "other");
        assertThat(lines.list).as("the first of each kind").extracting(ILoggingEvent::getFormattedMessage)
                .containsExactly("event 0", "other");
        now.addAndGet(TimeUnit.SECONDS.toNanos(61));
        warning.warn("A", "event {}", 50);
        assertThat(lines.list.get(2).getFormattedMessage()).as("a period later, with the count it held back")
                .isEqualTo("event 50 (49 more like it not logged since the last)");
    }
}
