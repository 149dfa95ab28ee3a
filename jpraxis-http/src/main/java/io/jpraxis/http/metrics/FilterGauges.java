package io.jpraxis.http.metrics;

import io.jpraxis.core.filter.FilterGauge;
import io.jpraxis.core.generation.Generation;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Shows the gauges the serving generation's filters publish ({@link FilterGauge}), each tagged with
 * its listener: {@link #show} replaces the previous generation's, so after a reload a gauge reads
 * the new filter instance (whose state starts afresh). Two instances that publish the same name
 * and tags on one listener show the first.
 */
public final class FilterGauges {
    private final MeterRegistry registry;
    private final List<Meter> shown = new ArrayList<>();

    public FilterGauges(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Removes the gauges shown so far and registers those of {@code generation}'s filters. */
    public synchronized void show(Generation generation) {
        shown.forEach(registry::remove);
        shown.clear();
        for (CompiledGateway.Listener listener : generation.gateway().listeners()) {
            String name = listener.config().name();
            for (CompiledFilter slot : listener.pipeline().allSlots()) {
                for (FilterGauge gauge : slot.filter().gauges()) {
                    shown.add(register(gauge, name));
                }
            }
        }
    }

    private Meter register(FilterGauge gauge, String listener) {
        if (gauge.counter()) {
            FunctionCounter.Builder<DoubleSupplier> counter = FunctionCounter.builder(gauge.name(), gauge.value(),
                            DoubleSupplier::getAsDouble) // held weakly: a filter publishing counters keeps its suppliers
                    .description(gauge.description())
                    .tag("listener", listener);
            gauge.tags().forEach(counter::tag);
            return counter.register(registry);
        }
        Gauge.Builder<DoubleSupplier> builder = Gauge.builder(gauge.name(), gauge.value(), DoubleSupplier::getAsDouble)
                .strongReference(true) // the supplier is a lambda only the filter holds
                .description(gauge.description())
                .tag("listener", listener);
        gauge.tags().forEach(builder::tag);
        return builder.register(registry);
    }
}
