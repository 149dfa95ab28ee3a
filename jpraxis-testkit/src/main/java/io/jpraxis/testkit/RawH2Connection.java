package io.jpraxis.testkit;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * An HTTP/2 client that writes exactly the frames a test builds, valid or not, over one blocking
 * socket, and reads back what the server sends frame by frame: for connection errors a real HTTP/2
 * library would refuse to produce. Header blocks are HPACK literals without indexing (RFC 7541
 * 6.2.2), so a test can also put an indexed field with any index in front of them.
 */
public final class RawH2Connection implements AutoCloseable {
    public static final int DATA = 0x0;
    public static final int HEADERS = 0x1;
    public static final int RST_STREAM = 0x3;
    public static final int SETTINGS = 0x4;
    public static final int PING = 0x6;
    public static final int GOAWAY = 0x7;
    public static final int WINDOW_UPDATE = 0x8;
    public static final int FLAG_END_STREAM = 0x1;
    public static final int FLAG_ACK = 0x1;
    public static final int FLAG_END_HEADERS = 0x4;
    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /** One frame as read: its 9-byte header's fields and its payload (RFC 9113 4.1). */
    public record Frame(int type, int flags, int streamId, byte[] payload) {
        /** For GOAWAY: the last stream id the server processed (RFC 9113 6.8). */
        public int goAwayLastStreamId() {
            return int31(payload, 0);
        }

        /** For GOAWAY and RST_STREAM: the error code (RFC 9113 7). */
        public long errorCode() {
            int at = type == GOAWAY ? 4 : 0;
            return Integer.toUnsignedLong((payload[at] & 0xff) << 24 | int31(payload, at) & 0x00ff_ffff);
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    private RawH2Connection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Connects to loopback {@code port} (10 s read timeout) and sends the preface and an empty SETTINGS. */
    public static RawH2Connection open(int port) {
        try {
            Socket socket = new Socket();
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
            socket.setSoTimeout(10_000);
            socket.setTcpNoDelay(true);
            RawH2Connection connection = new RawH2Connection(socket);
            connection.out.write(PREFACE);
            connection.frame(SETTINGS, 0, 0, new byte[0]);
            return connection;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot connect to port " + port, e);
        }
    }

    /** Writes one frame with any type, flags, stream and payload. */
    public RawH2Connection frame(int type, int flags, int streamId, byte[] payload) {
        byte[] head = {
            (byte) (payload.length >>> 16), (byte) (payload.length >>> 8), (byte) payload.length,
            (byte) type, (byte) flags,
            (byte) (streamId >>> 24), (byte) (streamId >>> 16), (byte) (streamId >>> 8), (byte) streamId};
        try {
            out.write(head);
            out.write(payload);
            out.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** WINDOW_UPDATE with {@code increment} taken as is (zero and the reserved bit included). */
    public RawH2Connection windowUpdate(int streamId, int increment) {
        return frame(WINDOW_UPDATE, 0, streamId, int32(increment));
    }

    /** SETTINGS with the given (identifier, value) pairs, 6 bytes each. */
    public RawH2Connection settings(long... idValuePairs) {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        for (int i = 0; i < idValuePairs.length; i += 2) {
            payload.write((int) (idValuePairs[i] >>> 8));
            payload.write((int) idValuePairs[i]);
            payload.writeBytes(int32((int) idValuePairs[i + 1]));
        }
        return frame(SETTINGS, 0, 0, payload.toByteArray());
    }

    /**
     * HEADERS with END_HEADERS (and END_STREAM when {@code endStream}): {@code prefix} goes first
     * in the block (raw HPACK, e.g. a bad index), then each name/value pair as a literal.
     */
    public RawH2Connection headers(int streamId, boolean endStream, byte[] prefix, String... namesAndValues) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(prefix);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            block.write(0x00); // literal without indexing, new name
            literal(block, namesAndValues[i]);
            literal(block, namesAndValues[i + 1]);
        }
        int flags = FLAG_END_HEADERS | (endStream ? FLAG_END_STREAM : 0);
        return frame(HEADERS, flags, streamId, block.toByteArray());
    }

    /** A GET of {@code path} on {@code streamId}, without body. */
    public RawH2Connection get(int streamId, String path) {
        return headers(streamId, true, new byte[0], ":method", "GET", ":scheme", "http", ":path", path,
                ":authority", "test");
    }

    /** The next frame, or null when the server closed the connection. */
    public Frame read() {
        try {
            byte[] head = new byte[9];
            try {
                in.readFully(head);
            } catch (EOFException e) {
                return null;
            }
            int length = (head[0] & 0xff) << 16 | (head[1] & 0xff) << 8 | head[2] & 0xff;
            byte[] payload = new byte[length];
            in.readFully(payload);
            return new Frame(head[3] & 0xff, head[4] & 0xff, int31(head, 5), payload);
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no frame from the server within the read timeout", e);
        } catch (IOException e) {
            return null; // reset by the server: as closed
        }
    }

    /** Reads past other frames to the first GOAWAY; null if the connection closed without one. */
    public Frame readGoAway() {
        return readUntil(GOAWAY);
    }

    /** Reads past other frames to the first of {@code type}; null if the connection closed first. */
    public Frame readUntil(int type) {
        for (Frame f = read(); f != null; f = read()) {
            if (f.type() == type) {
                return f;
            }
        }
        return null;
    }

    /** Whether the server closed the connection: reads (and drops) frames until the end. */
    public boolean closedByPeer() {
        return readUntil(-1) == null;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a test socket: nothing to do
        }
    }

    private static void literal(ByteArrayOutputStream block, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        integer(block, bytes.length, 7, 0x00); // no Huffman coding
        block.writeBytes(bytes);
    }

    /** An HPACK integer with an {@code prefixBits}-bit prefix (RFC 7541 5.1). */
    public static byte[] hpackInteger(int value, int prefixBits, int firstByteFlags) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        integer(out, value, prefixBits, firstByteFlags);
        return out.toByteArray();
    }

    private static void integer(ByteArrayOutputStream out, int value, int prefixBits, int flags) {
        int max = (1 << prefixBits) - 1;
        if (value < max) {
            out.write(flags | value);
            return;
        }
        out.write(flags | max);
        value -= max;
        while (value >= 128) {
            out.write(value % 128 + 128);
            value /= 128;
        }
        out.write(value);
    }

    private static byte[] int32(int value) {
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }

    private static int int31(byte[] bytes, int at) {
        return (bytes[at] & 0x7f) << 24 | (bytes[at + 1] & 0xff) << 16 | (bytes[at + 2] & 0xff) << 8 | bytes[at + 3] & 0xff;
    }
}
