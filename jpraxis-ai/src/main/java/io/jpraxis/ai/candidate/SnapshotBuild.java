package io.jpraxis.ai.candidate;

import java.util.List;

/** The outcome of {@link RoutingSnapshot#build}: a snapshot (with warnings) or every problem found. */
public sealed interface SnapshotBuild {
    /** Accepted; {@code warnings} name settings that have no effect. */
    record Built(RoutingSnapshot snapshot, List<String> warnings) implements SnapshotBuild {
        public Built {
            warnings = List.copyOf(warnings);
        }
    }

    /** Refused; each problem reads {@code path: value (expected: ...)}. */
    record Refused(List<String> problems) implements SnapshotBuild {
        public Refused {
            problems = List.copyOf(problems);
        }
    }
}
