package io.jpraxis.ai.candidate;

import java.util.Objects;

/** A snapshot that never changes: {@code intelligent_route} with static {@code candidates}. */
public final class StaticSnapshotSource implements SnapshotSource {
    private final RoutingSnapshot snapshot;

    public StaticSnapshotSource(RoutingSnapshot snapshot) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
    }

    @Override
    public RoutingSnapshot current() {
        return snapshot;
    }

    @Override
    public void close() {
        // nothing runs in the background
    }
}
