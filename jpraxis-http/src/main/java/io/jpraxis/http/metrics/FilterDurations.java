package io.jpraxis.http.metrics;

import io.jpraxis.core.filter.FilterTimings;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code metrics.filter_duration}: each hook call as the histogram
 * {@code jpraxis_filter_duration_seconds{filter, phase, stream}} (see
 * docs/behaviour/metrics.md#filter-timings). Filters are built before the registry serving
 * {@code /metrics} exists, so timings recorded before {@link #bindTo} are dropped. Label values
 * are filter type names and two small enums: the series stay bounded.
 */
public final class FilterDurations implements FilterTimings {
    static final String NAME = "jpraxis.filter.duration";
    /** Buckets from 10 µs (a header rule) to 1 s (a callout or a key-set fetch). */
    private static final Duration[] BUCKETS = {Duration.ofNanos(10_000), Duration.ofNanos(50_000),
            Duration.ofNanos(100_000), Duration.ofNanos(500_000), Duration.ofMillis(1), Duration.ofMillis(5),
            Duration.ofMillis(10), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(500),
            Duration.ofSeconds(1)};

    private volatile MeterRegistry registry;
    private final ConcurrentMap<Series, Timer> timers = new ConcurrentHashMap<>();

    /** Records into {@code meters} from now on. */
    public void bindTo(MeterRegistry meters) {
        timers.clear();
        this.registry = meters;
    }

    @Override
    public void record(String filter, Phase phase, Stream stream, long nanos) {
        MeterRegistry meters = registry;
        if (meters == null) {
            return;
        }
        timers.computeIfAbsent(new Series(filter, phase, stream), s -> register(meters, s))
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    private static Timer register(MeterRegistry meters, Series s) {
        return Timer.builder(NAME)
                .description("Time one filter hook took, by filter type, phase and stream")
                .tags("filter", s.filter(), "phase", s.phase().label(), "stream", s.stream().label())
                .serviceLevelObjectives(BUCKETS)
                .register(meters);
    }

    private record Series(String filter, Phase phase, Stream stream) {
    }
}
