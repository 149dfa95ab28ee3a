package io.jpraxis.ai.intelligentroute;

import io.jpraxis.core.store.SharedStore;
import io.jpraxis.core.store.StoreException;
import io.jpraxis.core.store.StoreScript;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Session affinity bindings in a shared store (see docs/behaviour/shared-state.md#session-affinity):
 * session key to the picked candidate's stable id, with the binding's TTL as the key's, so a
 * session keeps its pick whichever replica it reaches. The session key is stored only as its
 * SHA-256.
 */
final class SharedAffinity {
    /** KEYS[1] the binding. Replies {1, stable id} or {0}. */
    static final StoreScript LOOKUP = StoreScript.of("intelligent_route.affinity.lookup", """
            local v = redis.call('GET', KEYS[1])
            if v then
              return {1, v}
            end
            return {0}
            """);
    /** KEYS[1] the binding; ARGV stable id, ttl ms. Replies {1}. */
    static final StoreScript BIND = StoreScript.of("intelligent_route.affinity.bind", """
            redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
            return {1}
            """);

    private final SharedStore store;
    private final String prefix;
    private final String ttlMs;

    SharedAffinity(SharedStore store, String namespace, long ttlSecs) {
        this.store = store;
        this.prefix = namespace + ":v1:";
        this.ttlMs = Long.toString(ttlSecs * 1000);
    }

    /** The stable id {@code sessionKey} is bound to, or null when it has no live binding. */
    CompletionStage<String> lookup(String sessionKey) {
        return store.eval(LOOKUP, List.of(key(sessionKey)), List.of()).thenApply(reply -> {
            if (reply instanceof List<?> list && !list.isEmpty() && Long.valueOf(1).equals(list.get(0))
                    && list.size() == 2 && list.get(1) instanceof String id) {
                return id;
            }
            if (reply instanceof List<?> list && list.size() == 1 && Long.valueOf(0).equals(list.get(0))) {
                return null;
            }
            throw new StoreException(StoreException.Kind.BAD_REPLY, "affinity lookup replied " + reply);
        });
    }

    /** Binds {@code sessionKey} to {@code stableId} for one TTL from now. */
    CompletionStage<Void> bind(String sessionKey, String stableId) {
        return store.eval(BIND, List.of(key(sessionKey)), List.of(stableId, ttlMs)).thenApply(reply -> null);
    }

    SharedStore store() {
        return store;
    }

    private String key(String sessionKey) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(sessionKey.getBytes(StandardCharsets.UTF_8));
            return prefix + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
