package io.jpraxis.bench.load;

import java.util.List;

/** One named load pattern and the targets it is run against, in report order. */
public record Workload(String name, String description, LoadSpec spec, List<TargetKind> targets) {

    public Workload {
        targets = List.copyOf(targets);
    }
}
