package io.jpraxis.testkit;

import io.netty.buffer.ByteBuf;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Deterministic test bytes: byte {@code i} of every generated stream is {@link #byteAt(long)}, so a
 * sender and a receiver can agree on content and checksums without holding the data in memory.
 */
public final class TestData {
    private static final int BLOCK = 64 * 1024;
    private static final byte[] PATTERN = new byte[BLOCK];

    static {
        for (int i = 0; i < BLOCK; i++) {
            PATTERN[i] = byteAt(i);
        }
    }

    private TestData() {
    }

    /** The byte at {@code offset} of the pattern; the period (251, prime) keeps chunks from lining up. */
    public static byte byteAt(long offset) {
        return (byte) ('a' + (offset % 251) % 26);
    }

    /** Copies {@code length} pattern bytes starting at stream {@code offset} into {@code out}. */
    public static void write(ByteBuf out, long offset, int length) {
        int written = 0;
        while (written < length) {
            // PATTERN[i] == byteAt(i) and the pattern repeats every 251 bytes.
            int start = (int) ((offset + written) % 251);
            int n = Math.min(length - written, BLOCK - start);
            out.writeBytes(PATTERN, start, n);
            written += n;
        }
    }

    /** Fills {@code dst[from, from+length)} with pattern bytes for stream offset {@code offset}. */
    public static void fill(byte[] dst, int from, int length, long offset) {
        int written = 0;
        while (written < length) {
            int start = (int) ((offset + written) % 251);
            int n = Math.min(length - written, BLOCK - start);
            System.arraycopy(PATTERN, start, dst, from + written, n);
            written += n;
        }
    }

    /** Hex SHA-256 of the first {@code length} pattern bytes, computed in blocks. */
    public static String sha256(long length) {
        MessageDigest digest = newSha256();
        byte[] block = new byte[BLOCK];
        long done = 0;
        while (done < length) {
            int n = (int) Math.min(BLOCK, length - done);
            fill(block, 0, n, done);
            digest.update(block, 0, n);
            done += n;
        }
        return hex(digest);
    }

    /** A streaming {@code java.io.InputStream} over {@code length} pattern bytes. */
    public static java.io.InputStream stream(long length) {
        return new PatternInputStream(length);
    }

    public static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is mandatory in every JDK", e);
        }
    }

    public static String hex(MessageDigest digest) {
        return HexFormat.of().formatHex(digest.digest());
    }

    private static final class PatternInputStream extends java.io.InputStream {
        private final long length;
        private long position;

        PatternInputStream(long length) {
            this.length = length;
        }

        @Override
        public int read() {
            return position < length ? byteAt(position++) & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (position >= length) {
                return -1;
            }
            int n = (int) Math.min(len, length - position);
            fill(b, off, n, position);
            position += n;
            return n;
        }
    }
}
