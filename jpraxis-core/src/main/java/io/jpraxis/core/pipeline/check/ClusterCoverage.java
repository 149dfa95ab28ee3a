package io.jpraxis.core.pipeline.check;

import io.jpraxis.core.binding.ClusterTags;
import java.util.List;

/**
 * How requests bound to one cluster end on their paths from the binding router (R6; see
 * docs/behaviour/binding.md#binding-rules): the filters that serve or answer them and the paths on
 * which they fail endpoint selection, each with the path that leads there ({@code 0 -> branch
 * 'direct' -> end}).
 *
 * @param served each distinct serving or answering ending, in the order found
 * @param failures each distinct failing ending, in the order found; empty when the cluster is covered
 */
public record ClusterCoverage(String cluster, ClusterTags tags, List<String> served, List<String> failures) {
    public ClusterCoverage {
        served = List.copyOf(served);
        failures = List.copyOf(failures);
    }

    public boolean covered() {
        return failures.isEmpty();
    }
}
