package io.jpraxis.filters.grpc.web;

import java.util.Base64;

/**
 * Base64-encodes a response body as it streams: each piece is encoded up to its last whole
 * three-byte group, and the one or two bytes left over wait for the next piece, so a group split
 * across pieces is encoded as if the body were one; {@link #finish()} pads what is left at the end.
 * Nothing is held beyond those two bytes. One per response; not thread-safe.
 */
final class Base64Stream {
    private static final Base64.Encoder ENCODER = Base64.getEncoder();

    private final byte[] carry = new byte[2];
    private int carried;

    /** The base64 of as much of what came so far as makes whole groups. */
    byte[] push(byte[] bytes) {
        int total = carried + bytes.length;
        int whole = total - total % 3;
        if (whole == 0) {
            System.arraycopy(bytes, 0, carry, carried, bytes.length);
            carried = total;
            return new byte[0];
        }
        byte[] group = new byte[whole];
        System.arraycopy(carry, 0, group, 0, carried);
        int fromBytes = whole - carried;
        System.arraycopy(bytes, 0, group, carried, fromBytes);
        carried = bytes.length - fromBytes;
        System.arraycopy(bytes, fromBytes, carry, 0, carried);
        return ENCODER.encode(group);
    }

    /** The padded base64 of the one or two bytes still held (nothing when none are). */
    byte[] finish() {
        if (carried == 0) {
            return new byte[0];
        }
        byte[] rest = new byte[carried];
        System.arraycopy(carry, 0, rest, 0, carried);
        carried = 0;
        return ENCODER.encode(rest);
    }
}
