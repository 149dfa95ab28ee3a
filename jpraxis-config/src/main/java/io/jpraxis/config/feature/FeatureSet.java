package io.jpraxis.config.feature;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The features enabled for this process, implications applied. */
public final class FeatureSet {
    public static final FeatureSet NONE = new FeatureSet(EnumSet.noneOf(Feature.class));

    private final Set<Feature> enabled;

    private FeatureSet(Set<Feature> enabled) {
        this.enabled = Set.copyOf(enabled);
    }

    public static FeatureSet of(Feature... features) {
        EnumSet<Feature> set = EnumSet.noneOf(Feature.class);
        for (Feature f : features) {
            set.add(f);
            set.addAll(f.implied());
        }
        return new FeatureSet(set);
    }

    /**
     * Parses a comma-separated list ({@code upstream-binding,chain-binding}).
     *
     * @throws IllegalArgumentException naming every unknown feature and the known ones
     */
    public static FeatureSet parse(String list) {
        if (list == null || list.isBlank()) {
            return NONE;
        }
        List<Feature> features = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String part : list.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            Feature.byCliName(part).ifPresentOrElse(features::add, () -> unknown.add(part.trim()));
        }
        if (!unknown.isEmpty()) {
            String known = EnumSet.allOf(Feature.class).stream().map(Feature::cliName).collect(Collectors.joining(", "));
            throw new IllegalArgumentException("unknown feature(s) " + String.join(", ", unknown)
                    + " (expected: a comma-separated list of " + known + ")");
        }
        return of(features.toArray(Feature[]::new));
    }

    /** Union of two sets. */
    public FeatureSet plus(FeatureSet other) {
        EnumSet<Feature> set = EnumSet.noneOf(Feature.class);
        set.addAll(enabled);
        set.addAll(other.enabled);
        return new FeatureSet(set);
    }

    public boolean has(Feature feature) {
        return enabled.contains(feature);
    }

    public boolean isEmpty() {
        return enabled.isEmpty();
    }

    /** Enabled features in declaration order. */
    public List<Feature> list() {
        return EnumSet.allOf(Feature.class).stream().filter(enabled::contains).toList();
    }

    @Override
    public String toString() {
        return list().stream().map(Feature::cliName).collect(Collectors.joining(","));
    }
}
