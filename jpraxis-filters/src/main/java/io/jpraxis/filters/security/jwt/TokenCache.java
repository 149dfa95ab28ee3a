package io.jpraxis.filters.security.jwt;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers tokens already verified, so a client that sends the same token on every request pays
 * for one signature check, not one per request. Keyed by the token's SHA-256 (the token itself is
 * never kept); each entry ends when its token expires, and a token without {@code exp} is kept
 * {@link #NO_EXP_TTL} at most. Bounded: when full, expired entries are swept, and if none were,
 * the new token is simply not remembered (verification still works, only slower).
 *
 * <p>A hit costs one SHA-256 of the token and a map lookup, so the digest object is kept per thread
 * (event-loop threads are few and long-lived) and the key is the 32-byte hash as four longs, not a
 * hex string: see docs/benchmarks.md for the per-filter cost this keeps small.
 */
final class TokenCache {
    static final Duration NO_EXP_TTL = Duration.ofMinutes(5);
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(TokenCache::newDigest);
    private final int capacity;
    private final Map<Key, VerifiedToken> entries = new ConcurrentHashMap<>();

    /** A token's SHA-256. */
    private record Key(long a, long b, long c, long d) {
    }

    TokenCache(int capacity) {
        this.capacity = capacity;
    }

    /** The entry for {@code token} still valid at {@code now}, or null. */
    VerifiedToken get(String token, Instant now) {
        if (capacity == 0) {
            return null;
        }
        Key key = digest(token);
        VerifiedToken hit = entries.get(key);
        if (hit == null) {
            return null;
        }
        if (!now.isBefore(hit.until())) {
            entries.remove(key, hit);
            return null;
        }
        return hit;
    }

    /** Remembers {@code verified}, whose {@code until} was capped by the caller. */
    void put(String token, VerifiedToken verified, Instant now) {
        if (capacity == 0 || !now.isBefore(verified.until())) {
            return;
        }
        if (entries.size() >= capacity) {
            entries.values().removeIf(v -> !now.isBefore(v.until()));
            if (entries.size() >= capacity) {
                return;
            }
        }
        entries.put(digest(token), verified);
    }

    int size() {
        return entries.size();
    }

    private static Key digest(String token) {
        ByteBuffer hash = ByteBuffer.wrap(SHA256.get().digest(token.getBytes(StandardCharsets.US_ASCII)));
        return new Key(hash.getLong(), hash.getLong(), hash.getLong(), hash.getLong());
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }
}
