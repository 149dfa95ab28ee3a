package io.jpraxis.config.model;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The top-level {@code metrics} block (see docs/behaviour/metrics.md): per-filter hook timings, label
 * dimensions left off every series, and path templates for the {@code route} label. Read once at
 * start; a reload that changes it takes effect at the next restart.
 *
 * @param filterDuration record {@code jpraxis_filter_duration_seconds} per filter, phase and stream
 * @param disabledLabels dimensions dropped from every metric that carries them
 * @param routeTemplates request-path templates, first match wins, for the {@code route} label
 */
public record MetricsConfig(boolean filterDuration, Set<MetricLabel> disabledLabels,
        List<RouteTemplate> routeTemplates) {
    public static final MetricsConfig DEFAULT = new MetricsConfig(false, Set.of(), List.of());

    public MetricsConfig {
        disabledLabels = disabledLabels.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(disabledLabels));
        routeTemplates = List.copyOf(routeTemplates);
    }

    /** Whether series carry {@code label}. */
    public boolean labels(MetricLabel label) {
        return !disabledLabels.contains(label);
    }

    /** A label dimension Praxis lets an operator turn off, by its YAML name. */
    public enum MetricLabel {
        CLUSTER, ENDPOINT, LISTENER, METHOD, ROUTE, STATUS_CLASS
    }
}
