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
    /** Log one exchange in this many; deterministic, as in Praxis, so a rate of 0.1 logs exactly 10 %. */
    private final long sampleEvery;
    private final AtomicLong exchanges = new AtomicLong();

    public AccessLogFilter(AccessLogConfig config) {
        this.config = config;
        this.sampleEvery = Math.max(1, Math.round(1 / config.sampleRate()));
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

    private boolean sampled() {
        return sampleEvery == 1 || exchanges.getAndIncrement() % sampleEvery == 0;
    }
}
