package io.jpraxis.extproc.stream;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ext_proc server's meters (Praxis names them {@code praxis_extproc_*}; ours are
 * {@code jpraxis_extproc_*}): streams that carried a request, immediate responses by status, and
 * the time from each phase's message to its reply.
 */
public final class ExtProcMetrics {
    private final MeterRegistry registry;
    private final Counter requests;
    private final Map<Phase, Timer> phases = new EnumMap<>(Phase.class);
    private final Map<Integer, Counter> immediate = new ConcurrentHashMap<>();

    public ExtProcMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.requests = Counter.builder("jpraxis.extproc.requests")
                .description("ext_proc streams that carried request headers").register(registry);
        for (Phase p : Phase.values()) {
            phases.put(p, Timer.builder("jpraxis.extproc.phase.duration")
                    .description("time from a phase's message to the processor's reply").tag("phase", p.label)
                    .publishPercentileHistogram().minimumExpectedValue(Duration.ofNanos(50_000))
                    .maximumExpectedValue(Duration.ofSeconds(5)).register(registry));
        }
    }

    void request() {
        requests.increment();
    }

    void immediateResponse(int status) {
        immediate.computeIfAbsent(status, s -> Counter.builder("jpraxis.extproc.immediate.responses")
                .description("ImmediateResponse replies, by HTTP status").tag("status", Integer.toString(s))
                .register(registry)).increment();
    }

    void phase(Phase phase, long nanos) {
        phases.get(phase).record(Duration.ofNanos(nanos));
    }

    /** The phases (see docs/behaviour/ext-proc.md#phases), as metric labels. */
    enum Phase {
        REQUEST_HEADERS("request_headers"),
        REQUEST_BODY("request_body"),
        REQUEST_TRAILERS("request_trailers"),
        RESPONSE_HEADERS("response_headers"),
        RESPONSE_BODY("response_body"),
        RESPONSE_TRAILERS("response_trailers");

        final String label;

        Phase(String label) {
            this.label = label;
        }
    }
}
