package io.jpraxis.core.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A Lua script the store runs atomically (one server-side step, so concurrent replicas never
 * interleave inside it), known to the server by its SHA-1 once loaded.
 *
 * @param name for logs and metrics
 * @param source the Lua text
 * @param sha1 its SHA-1 in lower-case hex, as {@code EVALSHA} names it
 */
public record StoreScript(String name, String source, String sha1) {

    public StoreScript {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sha1, "sha1");
    }

    /** A script named {@code name} with its digest computed. */
    public static StoreScript of(String name, String source) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8));
            return new StoreScript(name, source, HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is part of every Java runtime", e);
        }
    }
}
