package io.jpraxis.core.filter;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.DoubleSupplier;

/**
 * A gauge a filter instance publishes ({@link HttpFilter#gauges()}): the edge registers it with its
 * metrics registry while the instance's config generation serves, and removes it when a reload
 * replaces that generation, so a gauge always shows the serving instance's state.
 *
 * @param name dotted meter name ({@code praxis.circuit.breaker.open}; Prometheus shows
 *     {@code praxis_circuit_breaker_open})
 * @param description one line for the registry
 * @param tags label names to values, kept sorted
 * @param value read at scrape time from any thread; must be cheap and thread-safe
 * @param counter whether {@code value} only ever grows (a count of events, shown as a Prometheus
 *     counter, {@code _total}); it starts again from 0 with the instance a reload builds
 */
public record FilterGauge(String name, String description, Map<String, String> tags, DoubleSupplier value,
        boolean counter) {

    public FilterGauge {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        tags = Collections.unmodifiableSortedMap(new TreeMap<>(tags));
    }

    /** A gauge: a value that goes up and down. */
    public FilterGauge(String name, String description, Map<String, String> tags, DoubleSupplier value) {
        this(name, description, tags, value, false);
    }

    /** A count of events. */
    public static FilterGauge counter(String name, String description, Map<String, String> tags, DoubleSupplier value) {
        return new FilterGauge(name, description, tags, value, true);
    }
}
