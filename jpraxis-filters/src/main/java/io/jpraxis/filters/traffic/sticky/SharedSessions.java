package io.jpraxis.filters.traffic.sticky;

import io.jpraxis.core.store.SharedStore;
import io.jpraxis.core.store.StoreException;
import io.jpraxis.core.store.StoreScript;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.ClusterSticky;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The session tables of a {@code sticky_sessions} whose backend is a shared store (see
 * docs/behaviour/shared-state.md#sticky_sessions): session key to endpoint address, one key per
 * session (the session key stored only as its SHA-256, with the cluster and how keys are read),
 * each bind renewing the session's TTL as the in-process table does. Bounded by TTLs alone: the
 * in-process {@code max_entries} and eviction do not apply.
 */
final class SharedSessions {
    /** KEYS[1] the session. Replies {1, endpoint} or {0}. */
    static final StoreScript LOOKUP = StoreScript.of("sticky_sessions.lookup", """
            local v = redis.call('GET', KEYS[1])
            if v then
              return {1, v}
            end
            return {0}
            """);
    /** KEYS[1] the session; ARGV endpoint, ttl ms, 1 when an endpoint that owns it keeps it. Replies {1} bound or {0} owned elsewhere. */
    static final StoreScript BIND = StoreScript.of("sticky_sessions.bind", """
            if ARGV[3] == '1' then
              local owner = redis.call('GET', KEYS[1])
              if owner and owner ~= ARGV[1] then
                return {0}
              end
            end
            redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
            return {1}
            """);

    private final SharedStore store;
    private final String prefix;

    SharedSessions(SharedStore store, String namespace) {
        this.store = store;
        this.prefix = namespace + ":v1:";
    }

    SharedStore store() {
        return store;
    }

    /** The endpoint {@code key}'s session is bound to in {@code entry}'s cluster, or null. */
    CompletionStage<String> endpointOf(ClusterSticky entry, String key) {
        return store.eval(LOOKUP, List.of(id(entry, key)), List.of()).thenApply(reply -> {
            if (reply instanceof List<?> list && list.size() == 2 && Long.valueOf(1).equals(list.get(0))
                    && list.get(1) instanceof String endpoint) {
                return endpoint;
            }
            if (reply instanceof List<?> list && list.size() == 1 && Long.valueOf(0).equals(list.get(0))) {
                return null;
            }
            throw new StoreException(StoreException.Kind.BAD_REPLY, "sticky_sessions lookup replied " + reply);
        });
    }

    /** Binds {@code key} to {@code endpoint} for one TTL; {@code unlessOwned}: not when another endpoint owns it. */
    CompletionStage<Object> bind(ClusterSticky entry, String key, String endpoint, boolean unlessOwned) {
        return store.eval(BIND, List.of(id(entry, key)), List.of(endpoint, Long.toString(entry.ttlSecs() * 1000),
                unlessOwned ? "1" : "0"));
    }

    private String id(ClusterSticky entry, String key) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : List.of(entry.name(), entry.mode().name(), entry.keyName(), key)) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return prefix + HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
