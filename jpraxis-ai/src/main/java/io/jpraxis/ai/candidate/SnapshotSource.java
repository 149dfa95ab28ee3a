package io.jpraxis.ai.candidate;

/** Where {@code intelligent_route} gets the snapshot a request routes on; read once per request. */
public interface SnapshotSource extends AutoCloseable {
    /** The snapshot serving now; a request keeps the one it read even if a reload swaps it. */
    RoutingSnapshot current();

    /** Starts background work (a file watcher), once, before the config serves; none by default. */
    default void start() {
    }

    /** Stops any background work (a file watcher); idempotent. */
    @Override
    void close();
}
