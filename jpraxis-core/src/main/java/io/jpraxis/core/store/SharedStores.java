package io.jpraxis.core.store;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The process's store clients (see docs/behaviour/shared-state.md): one per store URL, shared by
 * every filter and every config generation that names it, so a reload does not reconnect.
 */
public interface SharedStores {

    /** Where no store client is wired in (validation, ext_proc, unit tests): every call fails. */
    SharedStores UNAVAILABLE = url -> new SharedStore() {
        @Override
        public CompletionStage<Object> eval(StoreScript script, List<String> keys, List<String> args) {
            return CompletableFuture.failedFuture(new StoreException(StoreException.Kind.UNAVAILABLE,
                    "no shared store client in this process"));
        }

        @Override
        public String describe() {
            return "(no store client)";
        }

        @Override
        public StoreHealth health() {
            return new StoreHealth(false, "no shared store client in this process", 0, 0);
        }
    };

    /** The client of the store at {@code url} ({@code redis://} or {@code rediss://}), connecting lazily. */
    SharedStore store(String url);
}
