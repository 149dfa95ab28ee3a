package io.jpraxis.filters.security.jwt;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The key set a token is verified against, fixed or fetched. Thread-safe. */
interface JwksSource {

    /** The keys now, or (for a fetched set) once they arrive; never fails, at worst it is empty. */
    CompletionStage<KeySet> current();

    /**
     * The keys after a token named {@code kid} that {@code seen} lacks: a fetched set may fetch again
     * (rate-limited), a fixed one answers {@code seen}.
     */
    CompletionStage<KeySet> afterUnknownKid(KeySet seen, String kid);

    /** Whether {@link #current()} may wait on I/O (then the filter is asynchronous). */
    boolean fetches();

    default void start() {
    }

    default void close() {
    }

    /** A set fixed at load. */
    static JwksSource fixed(KeySet keys) {
        CompletableFuture<KeySet> done = CompletableFuture.completedFuture(keys);
        return new JwksSource() {
            @Override
            public CompletionStage<KeySet> current() {
                return done;
            }

            @Override
            public CompletionStage<KeySet> afterUnknownKid(KeySet seen, String kid) {
                return done;
            }

            @Override
            public boolean fetches() {
                return false;
            }
        };
    }
}
