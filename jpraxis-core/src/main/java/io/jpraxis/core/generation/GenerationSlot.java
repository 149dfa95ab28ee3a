package io.jpraxis.core.generation;

import io.jpraxis.core.pipeline.CompiledPipeline;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executor;

/**
 * The generation new requests take (dynamic reload; see
 * docs/behaviour/reload.md#how-a-reload-runs): one volatile reference, read once per request, that
 * a reload replaces atomically. Requests already running keep the generation they acquired; a
 * replaced generation closes when its last request ends.
 *
 * <p>Also keeps what must outlive generations: the running totals of per-pipeline counters, so
 * a metric never goes backwards when a reload brings fresh pipelines.
 */
public final class GenerationSlot {
    private volatile Generation current;
    private final Executor closer;
    /** Generations adopted and not closed yet: the serving one and the retired ones still draining. */
    private final Set<Generation> open = new LinkedHashSet<>();
    /** Exchange-end hook failures of closed generations, by listener. */
    private final Map<String, Long> closedLogHookFailures = new TreeMap<>();
    private long closedGenerations;

    /** Closes retired generations on the thread that ends their last request. */
    public GenerationSlot(Generation first) {
        this(first, Runnable::run);
    }

    /**
     * @param closer where retired generations close; filters may do blocking work when they close,
     *     so a server passes its own thread rather than the event loop that ended the last request
     */
    public GenerationSlot(Generation first, Executor closer) {
        this.closer = closer;
        adopt(first);
        this.current = first;
    }

    /** The generation new requests take now; for views (admin, metrics), not for serving a request. */
    public Generation current() {
        return current;
    }

    /**
     * The current generation with a reference taken for one request; give it back with
     * {@link Generation#release()} when the request ends, however it ends.
     */
    public Generation acquire() {
        while (true) {
            Generation g = current;
            if (g.tryAcquire()) {
                return g;
            }
            if (g == current) {
                // A swap publishes the new generation before retiring the old one, so only a
                // shutdown leaves a closed generation current.
                throw new IllegalStateException("no config generation is serving: the gateway has shut down");
            }
            // Lost a race with a reload that retired g and saw its last request end: current is newer now.
        }
    }

    /**
     * Makes {@code next} the generation new requests take and retires the previous one, which
     * closes once its last request ends (at once when none is running).
     *
     * @return the generation that served until now
     */
    public synchronized Generation swap(Generation next) {
        if (next == current) {
            throw new IllegalArgumentException("generation is already serving: " + next);
        }
        adopt(next);
        Generation previous = current;
        current = next;
        previous.retire();
        return previous;
    }

    /**
     * Retires the current generation and closes every generation still open, whether or not
     * requests still hold it: the edge has drained (or given up) before this is called.
     */
    public void shutdown() {
        List<Generation> left;
        synchronized (this) {
            current.retire();
            left = new ArrayList<>(open);
        }
        left.forEach(Generation::close);
    }

    /** Generations not closed yet: the serving one plus retired ones whose requests are still running. */
    public synchronized int openGenerations() {
        return open.size();
    }

    /** Generations closed so far (each replaced by a reload and then drained, or closed at shutdown). */
    public synchronized long closedGenerations() {
        return closedGenerations;
    }

    /**
     * Exchange-end hook failures of {@code listener} over every generation so far, closed ones
     * included, so the counter is monotonic across reloads.
     */
    public synchronized long logHookFailures(String listener) {
        long total = closedLogHookFailures.getOrDefault(listener, 0L);
        for (Generation g : open) {
            if (g.serves(listener)) {
                total += g.pipeline(listener).logHookFailures();
            }
        }
        return total;
    }

    private synchronized void adopt(Generation g) {
        g.adoptedBy(closer);
        open.add(g);
        // Runs after the owner's hooks (registered before adoption), once the filters are closed.
        g.onClose(() -> closed(g));
    }

    private synchronized void closed(Generation g) {
        if (!open.remove(g)) {
            return;
        }
        closedGenerations++;
        for (var listener : g.gateway().listeners()) {
            CompiledPipeline pipeline = listener.pipeline();
            closedLogHookFailures.merge(pipeline.listener(), pipeline.logHookFailures(), Long::sum);
        }
    }
}
