package io.jpraxis.core.store;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * One Valkey/Redis store as the filters see it (see docs/behaviour/shared-state.md). Every call is
 * asynchronous: it never blocks the caller's thread, and completes within the store's call
 * timeout (500 ms) with the reply or exceptionally with a {@link StoreException}, reconnecting
 * included (calls are never queued while the client reconnects). The stage may complete on a
 * store thread; callers on an event loop hop back themselves (the pipeline executor does).
 */
public interface SharedStore {

    /**
     * Runs {@code script} atomically over {@code keys} with {@code args}; the reply is the Lua
     * value as Java sees it: {@link Long} for an integer, {@link String} for a bulk string,
     * {@link List} for an array, null for nil.
     */
    CompletionStage<Object> eval(StoreScript script, List<String> keys, List<String> args);

    /** The store's address without any password, for logs, metrics and {@code /ready}. */
    String describe();

    /** What the store's client knows now, for {@code /ready} and metrics. */
    StoreHealth health();
}
