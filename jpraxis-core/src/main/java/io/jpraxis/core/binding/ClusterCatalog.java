package io.jpraxis.core.binding;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The build-time map from cluster name to its {@link ClusterTags}, folded from every load
 * balancer's declarations (top level, branches, nested steps), never from top-level {@code
 * clusters:} (see docs/behaviour/binding.md#the-cluster-catalog). Configuration, not request state.
 * The first declaration of a name wins; later ones that disagree are kept as {@link Conflict}s for
 * the metadata-agreement rule to report.
 */
public final class ClusterCatalog {
    /** A catalog with no clusters. */
    public static final ClusterCatalog EMPTY = new ClusterCatalog(Map.of(), List.of());

    private final Map<String, ClusterTags> tags;
    private final List<Conflict> conflicts;

    private ClusterCatalog(Map<String, ClusterTags> tags, List<Conflict> conflicts) {
        this.tags = tags;
        this.conflicts = conflicts;
    }

    /** The tags of {@code cluster}, or empty when no load balancer declares it. */
    public Optional<ClusterTags> tags(String cluster) {
        return Optional.ofNullable(tags.get(cluster));
    }

    public boolean declares(String cluster) {
        return tags.containsKey(cluster);
    }

    /** Every declared cluster and its tags, in first-declaration order. */
    public Map<String, ClusterTags> all() {
        return tags;
    }

    /** Declarations that disagreed with the first one of the same name. */
    public List<Conflict> conflicts() {
        return conflicts;
    }

    /**
     * A later declaration of {@code cluster} by {@code declaredBy} whose tags differ from the first.
     *
     * @param declaredBy where the disagreeing declaration sits, for the message (filter and branch)
     */
    public record Conflict(String cluster, ClusterTags first, ClusterTags other, String declaredBy) {
    }

    /** Folds declarations in pipeline order. */
    public static final class Builder {
        private final Map<String, ClusterTags> tags = new LinkedHashMap<>();
        private final List<Conflict> conflicts = new ArrayList<>();

        /** Adds one declaration; {@code declaredBy} names its place for a conflict message. */
        public Builder declare(String cluster, ClusterTags clusterTags, String declaredBy) {
            ClusterTags first = tags.putIfAbsent(cluster, clusterTags);
            if (first != null && !first.equals(clusterTags)) {
                conflicts.add(new Conflict(cluster, first, clusterTags, declaredBy));
            }
            return this;
        }

        public ClusterCatalog build() {
            return new ClusterCatalog(Collections.unmodifiableMap(new LinkedHashMap<>(tags)), List.copyOf(conflicts));
        }
    }
}
