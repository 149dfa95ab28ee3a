package io.jpraxis.filters.grpc.web;

import io.jpraxis.core.http.HeaderMap;
import java.nio.charset.StandardCharsets;

/**
 * The gRPC-Web trailer frame: the flag byte {@code 0x80}, the length as four big-endian bytes, then
 * the trailers as HTTP/1 header lines ({@code name: value\r\n}, lower-case names). A browser cannot
 * read HTTP trailers, so the call's status travels at the end of the body this way.
 */
final class TrailerFrame {
    private static final int TRAILER_FLAG = 0x80;

    private TrailerFrame() {
    }

    static byte[] encode(HeaderMap trailers) {
        StringBuilder lines = new StringBuilder();
        trailers.forEach((name, value) -> lines.append(name).append(": ").append(value).append("\r\n"));
        byte[] block = lines.toString().getBytes(StandardCharsets.UTF_8);
        byte[] frame = new byte[5 + block.length];
        frame[0] = (byte) TRAILER_FLAG;
        frame[1] = (byte) (block.length >>> 24);
        frame[2] = (byte) (block.length >>> 16);
        frame[3] = (byte) (block.length >>> 8);
        frame[4] = (byte) block.length;
        System.arraycopy(block, 0, frame, 5, block.length);
        return frame;
    }
}
