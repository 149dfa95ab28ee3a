package io.jpraxis.bench.soak;

import java.util.function.ToDoubleFunction;

/**
 * The figures the soak's pass rule is about, each with the absolute allowance it gets beside the
 * 5% one: the connection count moves by a few with the concurrency of the moment it is read, so
 * at a few dozen connections 5% alone would judge that noise.
 */
public enum SoakMetric {
    RSS("RSS", "MiB", 0, s -> s.rssKiB() < 0 ? Double.NaN : s.rssKiB() / 1024.0),
    HEAP_AFTER_GC("heap after GC", "MiB", 0, s -> s.heapAfterGcKiB() < 0 ? Double.NaN : s.heapAfterGcKiB() / 1024.0),
    OPEN_FDS("open file descriptors", "", 0, s -> s.openFds() < 0 ? Double.NaN : s.openFds()),
    UPSTREAM_CONNECTIONS("upstream connections (pooled idle + in use)", "", 4,
            s -> s.upstreamConnections() < 0 ? Double.NaN : s.upstreamConnections());

    /** The growth allowed between the windows, as a share of the first window's median. */
    public static final double ALLOWED_GROWTH = 0.05;

    private final String label;
    private final String unit;
    private final double absoluteAllowance;
    private final ToDoubleFunction<SoakSample> value;

    SoakMetric(String label, String unit, double absoluteAllowance, ToDoubleFunction<SoakSample> value) {
        this.label = label;
        this.unit = unit;
        this.absoluteAllowance = absoluteAllowance;
        this.value = value;
    }

    /** The name the reports give it. */
    public String label() {
        return label;
    }

    /** Its unit in the reports; empty for a count. */
    public String unit() {
        return unit;
    }

    /** Growth always allowed whatever 5% comes to (0: the 5% alone). */
    public double absoluteAllowance() {
        return absoluteAllowance;
    }

    /** Its value in {@code sample}; NaN when the sample could not read it. */
    public double of(SoakSample sample) {
        return value.applyAsDouble(sample);
    }
}
