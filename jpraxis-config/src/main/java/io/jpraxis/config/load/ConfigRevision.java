package io.jpraxis.config.load;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Which config file content is serving: the SHA-256 of the exact bytes that were compiled, and
 * when they were loaded. Two reads of an unchanged file have equal digests, which is how a reload
 * triggered by an unrelated event in the directory is recognised as a no-op.
 *
 * @param sha256 lower-case hex digest of the file bytes
 */
public record ConfigRevision(String sha256, Instant loadedAt) {

    public ConfigRevision {
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(loadedAt, "loadedAt");
    }

    /** The revision of {@code bytes}, loaded at {@code loadedAt}. */
    public static ConfigRevision of(byte[] bytes, Instant loadedAt) {
        return new ConfigRevision(sha256(bytes), loadedAt);
    }

    /** Lower-case hex SHA-256 of {@code bytes}. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }

    /** Whether {@code other} names the same file content (load times aside). */
    public boolean sameContent(ConfigRevision other) {
        return other != null && sha256.equals(other.sha256);
    }

    /** {@code sha256:<hex>}, the form logs and {@code /config} show. */
    public String label() {
        return "sha256:" + sha256;
    }

    @Override
    public String toString() {
        return label();
    }
}
