package io.jpraxis.filters.grpc.web;

import java.io.ByteArrayOutputStream;
import java.util.Optional;

/**
 * Decodes a whole {@code grpc-web-text} request body. A client may encode each frame on its own, so
 * the body can be several padded base64 runs back to back ({@code AAA=BBBB}): a padded group ends
 * one run and the next group starts another. Anything else that is not base64 makes the body
 * invalid.
 */
final class Base64Text {
    private static final int[] VALUE = new int[128];

    static {
        java.util.Arrays.fill(VALUE, -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            VALUE[alphabet.charAt(i)] = i;
        }
    }

    private Base64Text() {
    }

    /** The decoded bytes; empty when {@code encoded} is not base64 in groups of four. */
    static Optional<byte[]> decode(byte[] encoded) {
        if (encoded.length % 4 != 0) {
            return Optional.empty();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(encoded.length / 4 * 3);
        for (int i = 0; i < encoded.length; i += 4) {
            int a = value(encoded[i]);
            int b = value(encoded[i + 1]);
            if (a < 0 || b < 0) {
                return Optional.empty();
            }
            boolean pad3 = encoded[i + 2] == '=';
            boolean pad4 = encoded[i + 3] == '=';
            int c = pad3 ? 0 : value(encoded[i + 2]);
            int d = pad4 ? 0 : value(encoded[i + 3]);
            if (c < 0 || d < 0 || (pad3 && !pad4)) {
                return Optional.empty();
            }
            int bits = a << 18 | b << 12 | c << 6 | d;
            out.write(bits >> 16);
            if (!pad3) {
                out.write(bits >> 8 & 0xff);
            }
            if (!pad4) {
                out.write(bits & 0xff);
            }
        }
        return Optional.of(out.toByteArray());
    }

    private static int value(byte b) {
        return b >= 0 ? VALUE[b] : -1;
    }
}
