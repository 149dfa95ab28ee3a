package io.jpraxis.core.generation;

import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.CompiledPipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One compiled config as it serves: every request that starts on it holds a reference until it
 * ends, and the slot that serves it holds one more until a reload retires it. When the last
 * reference goes, the close hooks run once (the owner's hook closes the filters), so a request
 * always finishes on the pipeline it started with and an old pipeline is released as soon as
 * nothing uses it.
 */
public final class Generation {
    private static final Logger log = LoggerFactory.getLogger(Generation.class);

    private final CompiledGateway gateway;
    private final ConfigRevision revision;
    /** One for the slot until retired, plus one per request in flight; 0 is final. */
    private final AtomicInteger references = new AtomicInteger(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Whether the slot's reference was dropped (a reload replaced this generation). */
    private volatile boolean retired;
    private final List<Runnable> closeHooks = new ArrayList<>();
    /** Where the close hooks run; set by the slot that adopts this generation. */
    private volatile Executor closer = Runnable::run;

    /** @param revision the file content compiled into {@code gateway}; null when not known (tests) */
    public Generation(CompiledGateway gateway, ConfigRevision revision) {
        this.gateway = gateway;
        this.revision = revision;
    }

    public CompiledGateway gateway() {
        return gateway;
    }

    public Optional<ConfigRevision> revision() {
        return Optional.ofNullable(revision);
    }

    /**
     * The pipeline of {@code listener}. A linear scan: listeners are few, and reloads may reorder
     * them without changing which names exist.
     *
     * @throws IllegalArgumentException when this generation has no such listener
     */
    public CompiledPipeline pipeline(String listener) {
        for (CompiledGateway.Listener l : gateway.listeners()) {
            if (l.config().name().equals(listener)) {
                return l.pipeline();
            }
        }
        throw new IllegalArgumentException("listener " + listener + " (expected: one of this generation's listeners)");
    }

    /** Whether this generation serves {@code listener}. */
    public boolean serves(String listener) {
        return gateway.listeners().stream().anyMatch(l -> l.config().name().equals(listener));
    }

    /**
     * Adds a hook to run once when the last reference is gone (in registration order); runs it at
     * once when that already happened.
     */
    public Generation onClose(Runnable hook) {
        synchronized (closeHooks) {
            if (!closed.get()) {
                closeHooks.add(hook);
                return this;
            }
        }
        runGuarded(hook);
        return this;
    }

    /**
     * Takes a reference for one request; false once the generation has closed (the caller then
     * reads the slot again, which by then holds a newer generation).
     */
    boolean tryAcquire() {
        while (true) {
            int now = references.get();
            if (now == 0) {
                return false;
            }
            if (references.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    /** Gives back a reference taken by {@link GenerationSlot#acquire()}; the last one closes. */
    public void release() {
        int left = references.decrementAndGet();
        if (left == 0) {
            if (closed.get()) {
                return; // closed at shutdown while this request was still being torn down
            }
            try {
                closer.execute(this::close);
            } catch (RejectedExecutionException e) {
                close(); // the closer stopped with the server: close here rather than leak
            }
        } else if (left < 0) {
            throw new IllegalStateException("generation " + revisionLabel() + " released more often than acquired");
        }
    }

    /** Requests holding this generation now (the slot's own reference not counted). */
    public int inFlight() {
        int refs = references.get();
        return closed.get() || refs == 0 ? 0 : refs - (retired ? 0 : 1);
    }

    public boolean closed() {
        return closed.get();
    }

    // ---- for the slot ----

    void adoptedBy(Executor executor) {
        this.closer = executor;
    }

    /** Drops the slot's reference: from now on the last request to end closes the generation. */
    void retire() {
        if (!retired) {
            retired = true;
            release();
        }
    }

    /** Runs the close hooks now, whoever still holds a reference (shutdown after the drain). */
    void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        List<Runnable> hooks;
        synchronized (closeHooks) {
            hooks = List.copyOf(closeHooks);
            closeHooks.clear();
        }
        log.debug("generation {} closed", revisionLabel());
        hooks.forEach(Generation::runGuarded);
    }

    private static void runGuarded(Runnable hook) {
        try {
            hook.run();
        } catch (RuntimeException e) {
            // One failing hook must not keep the others from releasing what they hold.
            log.error("closing a retired config generation failed", e);
        }
    }

    private String revisionLabel() {
        return revision == null ? "(unrevisioned)" : revision.label();
    }

    @Override
    public String toString() {
        return "generation " + revisionLabel();
    }
}
