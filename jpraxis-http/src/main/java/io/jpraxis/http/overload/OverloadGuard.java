package io.jpraxis.http.overload;

import io.jpraxis.config.model.OverloadSettings;
import io.jpraxis.http.upstream.PoolEvents;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides, before any filter runs, whether a new request is shed with 503 and {@code Retry-After: 1}
 * (see docs/behaviour/http-edge.md#overload-shedding): resident memory over {@code
 * runtime.max_memory_bytes}, or open descriptors at the open-file limit less a reserve ({@code
 * runtime.shed_on_fd_pressure}). A background thread samples {@code /proc}; between samples each
 * accepted client connection and each new upstream connection counts as one more descriptor, so a
 * burst cannot overrun the limit while the last sample still looks roomy, and requests on kept-alive
 * connections count nothing. Deciding costs a few volatile reads on the event loop. Every refusal,
 * connection caps included, is counted by reason.
 */
public final class OverloadGuard implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(OverloadGuard.class);
    /** Sampling period while listing the descriptor table is cheap (under 4096 entries), and after. */
    static final long FAST_SAMPLE_MILLIS = 50;
    static final long SLOW_SAMPLE_MILLIS = 500;
    static final long CHEAP_LISTING = 4096;
    /** The smallest reserve kept for health probes, DNS, logging and the admin listener. */
    static final long MIN_RESERVE = 64;

    private final Long maxMemoryBytes;
    private final long fdLimit;
    /** Descriptors open at which new requests are shed; {@code Long.MAX_VALUE} when shedding is off. */
    private final long fdThreshold;
    private final Map<OverloadReason, Counter> rejects = new EnumMap<>(OverloadReason.class);
    private final AtomicLong claims = new AtomicLong();
    private final ScheduledExecutorService sampler;
    private volatile long openFds;
    private volatile long residentBytes;

    /** A guard that never sheds and only counts (connection caps still report through it). */
    public static OverloadGuard countingOnly(MeterRegistry meters) {
        return new OverloadGuard(new OverloadSettings(null, false), Long.MAX_VALUE, meters, false);
    }

    /** Reads the process's soft open-file limit and starts sampling when a setting needs it. */
    public static OverloadGuard start(OverloadSettings settings, MeterRegistry meters) {
        long limit;
        try {
            limit = OpenFileLimits.read(ProcessHandle.current().pid()).soft();
        } catch (IOException e) {
            log.warn("cannot read the open-file limit ({}); no shedding on descriptor pressure", e.getMessage());
            limit = Long.MAX_VALUE;
        }
        return new OverloadGuard(settings, limit, meters, true);
    }

    OverloadGuard(OverloadSettings settings, long fdLimit, MeterRegistry meters, boolean sample) {
        this.maxMemoryBytes = settings.maxMemoryBytes();
        this.fdLimit = fdLimit;
        this.fdThreshold = settings.shedOnFdPressure() && fdLimit != Long.MAX_VALUE ? threshold(fdLimit)
                : Long.MAX_VALUE;
        for (OverloadReason reason : OverloadReason.values()) {
            rejects.put(reason, Counter.builder("jpraxis.overload.rejects")
                    .description("Requests and connections refused by overload protection before any filter ran")
                    .tag("reason", reason.label()).register(meters));
        }
        boolean needed = sample && (maxMemoryBytes != null || fdThreshold != Long.MAX_VALUE);
        this.sampler = needed ? Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jpraxis-overload-sampler");
            t.setDaemon(true);
            return t;
        }) : null;
        if (sampler != null) {
            sampleNow();
            Gauge.builder("jpraxis.process.open_fds", this, g -> g.openFds)
                    .description("Descriptors the process holds open, as last sampled").register(meters);
            sampler.schedule(this::sampleAndReschedule, FAST_SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
        }
        if (fdLimit != Long.MAX_VALUE) {
            Gauge.builder("jpraxis.process.max_fds", this, g -> g.fdLimit)
                    .description("The process's soft open-file limit").register(meters);
        }
        if (maxMemoryBytes != null && residentBytes > maxMemoryBytes) {
            log.warn("resident memory is {} bytes, over runtime.max_memory_bytes ({}): new requests get 503 until it "
                    + "falls below", residentBytes, maxMemoryBytes);
        }
    }

    /** The limit less 5% of it, or less {@link #MIN_RESERVE} when that is more. */
    static long threshold(long limit) {
        return limit - Math.max(MIN_RESERVE, limit / 20);
    }

    /** Why a new request must be shed, or null to admit it; a shed request is counted. */
    public OverloadReason shedRequest() {
        Long max = maxMemoryBytes;
        if (max != null && residentBytes > max) {
            rejected(OverloadReason.MEMORY);
            return OverloadReason.MEMORY;
        }
        if (fdThreshold != Long.MAX_VALUE) {
            if (openFds + claims.get() >= fdThreshold) {
                rejected(OverloadReason.FILE_DESCRIPTORS);
                return OverloadReason.FILE_DESCRIPTORS;
            }
        }
        return null;
    }

    /** A connection was accepted or opened: it holds a descriptor the last sample did not see. */
    public void descriptorOpened() {
        if (fdThreshold != Long.MAX_VALUE) {
            claims.incrementAndGet();
        }
    }

    /** {@code events}, telling this guard of each new upstream connection first. */
    public PoolEvents claiming(PoolEvents events) {
        if (fdThreshold == Long.MAX_VALUE) {
            return events;
        }
        return new PoolEvents() {
            @Override
            public void upstreamConnect() {
                descriptorOpened();
                events.upstreamConnect();
            }

            @Override
            public void upstreamReuse() {
                events.upstreamReuse();
            }

            @Override
            public void pooledClosedByOrigin() {
                events.pooledClosedByOrigin();
            }

            @Override
            public void h2ConnectionOpened() {
                events.h2ConnectionOpened();
            }

            @Override
            public void h2ConnectionClosed() {
                events.h2ConnectionClosed();
            }

            @Override
            public void h2StreamOpened() {
                events.h2StreamOpened();
            }

            @Override
            public void h2StreamClosed() {
                events.h2StreamClosed();
            }

            @Override
            public void h2GoAwayReceived() {
                events.h2GoAwayReceived();
            }
        };
    }

    /** Counts a refusal decided elsewhere (the connection caps). */
    public void rejected(OverloadReason reason) {
        rejects.get(reason).increment();
    }

    public long rejects(OverloadReason reason) {
        return (long) rejects.get(reason).count();
    }

    private void sampleAndReschedule() {
        try {
            sampleNow();
        } catch (RuntimeException e) {
            log.debug("overload sample failed", e);
        }
        long next = openFds < CHEAP_LISTING ? FAST_SAMPLE_MILLIS : SLOW_SAMPLE_MILLIS;
        try {
            sampler.schedule(this::sampleAndReschedule, next, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // closed: sampling ends with the gateway
        }
    }

    private void sampleNow() {
        if (fdThreshold != Long.MAX_VALUE) {
            // Only the claims made before the listing began are in it: one made while it ran may be
            // missing from it, so it is kept (counted twice at worst, until the next sample). The
            // base rises before the claims fall, so a reader never sees both low at once.
            long seen = claims.get();
            long open = ProcessSample.openDescriptors();
            if (open >= 0) {
                openFds = open;
                claims.addAndGet(-seen);
            }
        }
        if (maxMemoryBytes != null) {
            residentBytes = ProcessSample.residentBytes();
        }
    }

    @Override
    public void close() {
        if (sampler != null) {
            sampler.shutdownNow();
        }
    }
}
