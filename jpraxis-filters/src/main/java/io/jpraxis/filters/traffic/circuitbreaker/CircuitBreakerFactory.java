package io.jpraxis.filters.traffic.circuitbreaker;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.traffic.circuitbreaker.CircuitBreakerConfig.ClusterPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code circuit_breaker} filters (see docs/reference/filters/circuit_breaker.md#what-it-does).
 * Every problem of an entry names its cluster, so a long list is easy to fix.
 */
public final class CircuitBreakerFactory implements FilterFactory<CircuitBreakerConfig> {
    /** The YAML type name. */
    public static final String TYPE = "circuit_breaker";
    /** Counts and seconds are unsigned 32-bit values in Praxis; seconds that large still fit in nanoseconds. */
    static final long MAX_VALUE = 4_294_967_295L;
    static final long DEFAULT_HALF_OPEN_TIMEOUT_SECS = 30;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(CircuitBreakerKeys.KEYS);
    }

    @Override
    public Optional<CircuitBreakerConfig> read(MapReader options, FilterReadContext context) {
        List<ClusterPolicy> clusters = new ArrayList<>();
        if (options.require("clusters")) {
            List<ConfigNode> items = options.list("clusters").orElse(null);
            if (items != null && items.isEmpty()) {
                options.invalid("clusters", "at least one cluster (a breaker with none does nothing)");
            }
            Map<String, Integer> seen = new LinkedHashMap<>();
            for (int i = 0; items != null && i < items.size(); i++) {
                MapReader entry = MapReader.of(items.get(i), options.path("clusters").index(i), options.diagnostics(),
                        CircuitBreakerKeys.CLUSTER);
                cluster(entry, i, seen).ifPresent(clusters::add);
            }
        }
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new CircuitBreakerConfig(clusters));
    }

    private static Optional<ClusterPolicy> cluster(MapReader entry, int index, Map<String, Integer> seen) {
        String name = entry.requiredString("name");
        if (name != null && name.isEmpty()) {
            entry.invalid("name", "a cluster name (not empty)");
            name = null;
        }
        if (name != null) {
            Integer first = seen.putIfAbsent(name, index);
            if (first != null) {
                entry.invalid("name", "each cluster listed once (cluster \"" + name + "\" is also clusters[" + first
                        + "])");
            }
        }
        String label = name == null ? "clusters[" + index + "]" : "cluster \"" + name + "\"";
        Long failures = positive(entry, "consecutive_failures", label, null);
        Long window = positive(entry, "recovery_window_secs", label, null);
        Long halfOpen = positive(entry, "half_open_timeout_secs", label, DEFAULT_HALF_OPEN_TIMEOUT_SECS);
        if (!entry.finishCleanly() || name == null || failures == null || window == null || halfOpen == null) {
            return Optional.empty();
        }
        return Optional.of(new ClusterPolicy(name, failures, window, halfOpen));
    }

    /** A value of 1 to {@link #MAX_VALUE}; problems name the cluster ({@code label}) and the field. */
    private static Long positive(MapReader entry, String key, String label, Long fallback) {
        String expected = "an integer from 1 to " + MAX_VALUE + " for " + label;
        if (!entry.has(key)) {
            if (fallback == null) {
                entry.invalid(key, expected + "; this key is required");
            }
            return fallback;
        }
        Long value = entry.integer(key, Long.MIN_VALUE, Long.MAX_VALUE).orElse(null);
        if (value != null && (value < 1 || value > MAX_VALUE)) {
            entry.invalid(key, expected);
            return null;
        }
        return value;
    }

    @Override
    public FilterDeclaration declare(CircuitBreakerConfig config) {
        // The response hook records outcomes; the log hook frees a probe whose exchange never got one.
        // It acts on the router's cluster: cluster_reader_without_router wants a router before it.
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.READS_CLUSTER)).withResponseHook(true).withLogHook();
    }

    @Override
    public HttpFilter create(CircuitBreakerConfig config, FilterBuildContext context) {
        return new CircuitBreakerFilter(config, context.services().clock());
    }
}
