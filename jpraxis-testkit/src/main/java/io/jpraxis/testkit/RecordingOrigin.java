package io.jpraxis.testkit;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A raw-socket HTTP/1.1 origin that records every byte it receives, on every connection, and
 * answers with exactly the bytes a test gives it, well-formed or not: for probes of what a proxy
 * lets through to an origin and of what it does with a broken response. Requests are read with
 * {@link WireRequest}'s strict parser; one it refuses ends that connection without an answer.
 */
public final class RecordingOrigin implements AutoCloseable {
    private final ServerSocket server;
    private final byte[] response;
    private final boolean early;
    private final List<ByteArrayOutputStream> connections = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    private RecordingOrigin(byte[] response, boolean early) {
        try {
            this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.response = response;
        this.early = early;
        Thread.ofVirtual().name("recording-origin-accept").start(this::accept);
    }

    /** Answers every whole request with {@code response} (ISO-8859-1 bytes, sent as they are). */
    public static RecordingOrigin answering(String response) {
        return new RecordingOrigin(response.getBytes(StandardCharsets.ISO_8859_1), false);
    }

    /** Answers as soon as a request head has arrived, before its body, then only records. */
    public static RecordingOrigin answeringEarly(String response) {
        return new RecordingOrigin(response.getBytes(StandardCharsets.ISO_8859_1), true);
    }

    /** A 200 with a two-byte body, keep-alive. */
    public static RecordingOrigin ok() {
        return answering("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Every byte received so far, connection after connection in accept order. */
    public byte[] received() {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (ByteArrayOutputStream connection : connections) {
            synchronized (connection) {
                all.writeBytes(connection.toByteArray());
            }
        }
        return all.toByteArray();
    }

    /** The requests received, parsed strictly ({@link WireRequest#parseAll}). */
    public List<WireRequest> requests() throws WireRequest.Malformed {
        return WireRequest.parseAll(received());
    }

    public int acceptedConnections() {
        return connections.size();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                sockets.add(socket);
                ByteArrayOutputStream record = new ByteArrayOutputStream();
                connections.add(record);
                Thread.ofVirtual().name("recording-origin").start(() -> serve(socket, record));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket socket, ByteArrayOutputStream record) {
        try (socket) {
            InputStream in = new Recording(socket.getInputStream(), record);
            OutputStream out = socket.getOutputStream();
            if (early) {
                readHead(in);
                out.write(response);
                out.flush();
                in.transferTo(OutputStream.nullOutputStream());
                return;
            }
            while (true) {
                WireRequest.read(in);
                out.write(response);
                out.flush();
            }
        } catch (EOFException | WireRequest.Malformed e) {
            // the peer closed, or sent what no origin should get: the test reads it from the record
        } catch (IOException e) {
            // reset by the peer
        }
    }

    private static void readHead(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("inside a head");
            }
            matched = b == end[matched] ? matched + 1 : b == '\r' ? 1 : 0;
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing a test socket
        }
        for (Socket socket : sockets) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a test socket
            }
        }
    }

    /** Copies every byte read into the connection's record. */
    private static final class Recording extends InputStream {
        private final InputStream in;
        private final ByteArrayOutputStream record;

        Recording(InputStream in, ByteArrayOutputStream record) {
            this.in = in;
            this.record = record;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                synchronized (record) {
                    record.write(b);
                }
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                synchronized (record) {
                    record.write(buffer, offset, n);
                }
            }
            return n;
        }
    }
}
