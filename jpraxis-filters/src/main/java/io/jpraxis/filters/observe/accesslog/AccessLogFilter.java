package io.jpraxis.filters.observe.accesslog;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.filter.HttpFilter;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one JSON line per exchange to the SLF4J logger {@value #LOGGER} at INFO once the exchange
 * has ended, however it ended (see {@link AccessLogLine} for the fields). Routing that logger (to
 * stdout, a file) is the logging configuration's job.
 */
public final class AccessLogFilter implements HttpFilter {
    /** The logger every access line goes to. */
    public static final String LOGGER = "jpraxis.access";
    private static final Logger log = LoggerFactory.getLogger(LOGGER);

    private final AccessLogConfig config;
    /** Exchanges seen so far; sampling is deterministic, so a rate of 0.1 logs exactly 10 %. */
    private final AtomicLong exchanges = new AtomicLong();

    public AccessLogFilter(AccessLogConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return AccessLogFactory.TYPE;
    }

    @Override
    public AccessLogConfig config() {
        return config;
    }

    @Override
    public void onLog(RequestContext ctx, ExchangeSummary summary) {
        if (!log.isInfoEnabled() || !sampled()) {
            return;
        }
        log.info(AccessLogLine.render(ctx, summary));
    }

    /**
     * Whether exchange {@code n} is logged: when {@code n * rate} crosses a whole number. Over any
     * run of exchanges the share logged is the configured rate (0.6 logs 6 in 10), which a rounded
     * "one in N" period cannot give for rates that are not 1/N.
     */
    private boolean sampled() {
        double rate = config.sampleRate();
        if (rate >= 1) {
            return true;
        }
        long n = exchanges.getAndIncrement();
        return Math.floor((n + 1) * rate) > Math.floor(n * rate);
    }
}
