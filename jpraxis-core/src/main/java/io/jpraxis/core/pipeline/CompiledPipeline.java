package io.jpraxis.core.pipeline;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.HttpFilter;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One listener's immutable, flattened pipeline. Shared by every request of that listener (and by
 * the HTTP and ext_proc edges alike); per-request state lives in {@link PipelineExecution}.
 */
public final class CompiledPipeline {
    private static final Logger log = LoggerFactory.getLogger(CompiledPipeline.class);

    private final String listener;
    private final CompiledFilter[] filters;
    private final Set<String> ownedRequestHeaders;
    private final boolean responseHooks;
    private final LongAdder logHookFailures = new LongAdder();

    public CompiledPipeline(String listener, List<CompiledFilter> filters) {
        this.listener = listener;
        this.filters = filters.toArray(CompiledFilter[]::new);
        Set<String> owned = new TreeSet<>();
        for (CompiledFilter f : this.filters) {
            owned.addAll(f.filter().ownedRequestHeaders());
        }
        this.ownedRequestHeaders = Set.copyOf(owned);
        boolean hooks = false;
        for (CompiledFilter f : this.filters) {
            hooks |= f.filter().hasResponseHook();
        }
        this.responseHooks = hooks;
    }

    /**
     * Whether any filter may act on a response head. When none may, the response phase cannot
     * change a response and the edge relays the origin's head directly.
     */
    public boolean hasResponseHooks() {
        return responseHooks;
    }

    public String listener() {
        return listener;
    }

    public List<CompiledFilter> filters() {
        return List.of(filters);
    }

    CompiledFilter filter(int index) {
        return filters[index];
    }

    int size() {
        return filters.length;
    }

    /** Lower-case request headers that filters of this pipeline own (decision 13). */
    public Set<String> ownedRequestHeaders() {
        return ownedRequestHeaders;
    }

    /** How many {@code onLog} calls threw (each is also logged); exported as a metric. */
    public long logHookFailures() {
        return logHookFailures.sum();
    }

    void logHookFailed() {
        logHookFailures.increment();
    }

    /** Starts the per-request walk. */
    public PipelineExecution begin(RequestContext ctx) {
        return new PipelineExecution(this, ctx);
    }

    /** Starts every filter (once, before serving). */
    public void start() {
        for (CompiledFilter f : filters) {
            f.filter().start();
        }
    }

    /** Closes every filter, in reverse order; a failing close does not stop the others. */
    public void close() {
        for (int i = filters.length - 1; i >= 0; i--) {
            HttpFilter filter = filters[i].filter();
            try {
                filter.close();
            } catch (RuntimeException e) {
                log.warn("closing filter {} of listener {} failed", filter.type(), listener, e);
            }
        }
    }
}
