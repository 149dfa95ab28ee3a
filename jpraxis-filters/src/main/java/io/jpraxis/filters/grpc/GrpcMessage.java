package io.jpraxis.filters.grpc;

import java.nio.charset.StandardCharsets;

/**
 * Encodes a {@code grpc-message} value as gRPC requires: UTF-8, with every byte outside printable
 * ASCII, and {@code %} itself, written {@code %XX}; capped at {@link #MAX_BYTES} encoded bytes,
 * cut between characters, never inside one (or inside an escape).
 */
public final class GrpcMessage {
    /** The longest {@code grpc-message} the gateway writes. */
    public static final int MAX_BYTES = 1024;
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private GrpcMessage() {
    }

    public static String encode(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_BYTES));
        int at = 0;
        while (at < text.length()) {
            int codePoint = text.codePointAt(at);
            int next = at + Character.charCount(codePoint);
            boolean plain = codePoint >= 0x20 && codePoint <= 0x7e && codePoint != '%';
            if (plain) {
                if (out.length() + 1 > MAX_BYTES) {
                    break;
                }
                out.append((char) codePoint);
            } else {
                byte[] bytes = text.substring(at, next).getBytes(StandardCharsets.UTF_8);
                if (out.length() + 3 * bytes.length > MAX_BYTES) {
                    break;
                }
                for (byte b : bytes) {
                    out.append('%').append(HEX[(b & 0xff) >> 4]).append(HEX[b & 0xf]);
                }
            }
            at = next;
        }
        return out.toString();
    }
}
