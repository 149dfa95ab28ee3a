package io.jpraxis.config.model;

import java.util.Objects;

/**
 * Where a filter keeps its state (see docs/behaviour/shared-state.md): in the process, or in a
 * Valkey/Redis store every replica shares ({@code backend: {kind, url, namespace}}).
 *
 * @param url the store's URL, environment reference resolved; null for memory
 * @param namespace the prefix of every key the filter writes
 * @param failOpen {@code on_backend_error: open}: a store error admits the request (logged and
 *     counted) instead of failing it closed with 503
 */
public record StoreBackend(Kind kind, String url, String namespace, boolean failOpen) {
    /** The process's own memory, the default. */
    public static final StoreBackend MEMORY = new StoreBackend(Kind.MEMORY, null, null, false);

    public StoreBackend {
        Objects.requireNonNull(kind, "kind");
        if (kind == Kind.VALKEY) {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(namespace, "namespace");
        }
    }

    /** Whether the state lives in a shared store. */
    public boolean shared() {
        return kind == Kind.VALKEY;
    }

    /** Where the state lives. */
    public enum Kind {
        /** In this process: each replica has its own. */
        MEMORY,
        /** In a Valkey or Redis store that every replica shares. */
        VALKEY
    }
}
