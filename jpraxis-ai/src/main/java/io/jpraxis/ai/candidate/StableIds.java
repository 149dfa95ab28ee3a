package io.jpraxis.ai.candidate;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The default stable id of a candidate that names none (see
 * docs/behaviour/intelligent-route.md#candidates).
 */
public final class StableIds {
    /** The longest stable id, in UTF-8 bytes. */
    public static final int MAX_BYTES = 256;

    private StableIds() {
    }

    /**
     * {@code <kind>/<name>/<site>/<cluster>} when that is at most 256 bytes and a legal header
     * value, else {@code sha256:} and the hex SHA-256 over the four fields, each preceded by its
     * byte length as an 8-byte big-endian number (Praxis's machine-word length on 64-bit), so two
     * different tuples never hash the same concatenation.
     */
    public static String defaultFor(CandidateKind kind, String name, String site, String cluster) {
        String readable = kind.wire() + "/" + name + "/" + site + "/" + cluster;
        if (HeaderText.utf8Length(readable) <= MAX_BYTES && HeaderText.isHeaderValue(readable)) {
            return readable;
        }
        MessageDigest sha = sha256();
        for (String field : new String[] {kind.wire(), name, site, cluster}) {
            byte[] bytes = field.getBytes(StandardCharsets.UTF_8);
            sha.update(ByteBuffer.allocate(Long.BYTES).putLong(bytes.length).array());
            sha.update(bytes);
        }
        return "sha256:" + HexFormat.of().formatHex(sha.digest());
    }

    /** A fresh SHA-256 digest; every JDK must provide one. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
