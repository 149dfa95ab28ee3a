package io.jpraxis.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An HTTP/1.1 origin on plain blocking sockets that misbehaves on request, byte for byte: it
 * resets, stalls, sends garbage or closes at a chosen point of its response, so tests control
 * exactly what the gateway receives and when. The request path picks the {@link Fault}
 * ({@link Fault#path()}). One virtual thread per connection; every wait is bounded, and
 * {@link #close()} ends them all.
 *
 * <p>{@link #openConnections()} counts connections the peer has not closed yet (those the origin
 * closes itself leave the count when it does): after a test, every one still open should be one
 * the gateway parked for reuse.
 */
public final class FaultyOrigin implements AutoCloseable {
    /** How long any wait of the origin lasts at most: far beyond every timeout a test configures. */
    private static final long MAX_WAIT_MS = 10_000;
    /** The Content-Length a broken response promises. */
    public static final int PROMISED_BYTES = 4096;
    /** The body bytes a broken response sends before it breaks. */
    public static final int SENT_BYTES = 1024;

    /** What the origin does once it has read a request head. */
    public enum Fault {
        /** A well-formed 200 with the body {@code ok}; the connection stays open for the next request. */
        NONE,
        /** Reads the request body to its end, then answers 200 with the byte count (or closes if it is cut). */
        SINK,
        /** RST (SO_LINGER 0) before a byte of response. */
        RESET_BEFORE_HEAD,
        /** A head promising {@link #PROMISED_BYTES}, {@link #SENT_BYTES} of them, then RST once released. */
        RESET_MID_BODY,
        /** Never answers; waits for the peer to close. */
        STALL_BEFORE_HEAD,
        /** Sends a head promising a body, then nothing. */
        STALL_AFTER_HEAD,
        /** Sends a head and part of the body, then nothing. */
        STALL_MID_BODY,
        /** Answers with an SSH banner instead of a status line (a client on the wrong port). */
        GARBAGE,
        /** Sends a head promising a body, then closes (FIN) once released. */
        CLOSE_AFTER_HEAD,
        /** Sends a chunked head and one chunk, then closes (FIN) once released: no last chunk. */
        CLOSE_MID_CHUNKED,
        /** Sends a head of more than 1 MiB (a header field that never ends). */
        OVERSIZED_HEAD,
        /** An event stream: one event every 20 ms until the peer goes away. */
        SSE,
        /** A 64 MiB body, written as fast as the peer reads, until the peer goes away. */
        DOWNLOAD;

        /** The request path that selects this fault: {@code /reset-mid-body} for RESET_MID_BODY. */
        public String path() {
            return "/" + name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Fault ofPath(String path) {
            for (Fault f : values()) {
                if (f.path().equals(path)) {
                    return f;
                }
            }
            return null;
        }
    }

    private final ServerSocket server;
    private final Thread acceptor;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicLong bodyBytesReceived = new AtomicLong();
    private final Semaphore released = new Semaphore(0);

    private FaultyOrigin(ServerSocket server) {
        this.server = server;
        this.acceptor = Thread.ofVirtual().name("faulty-origin-accept").start(this::acceptLoop);
    }

    /** Listens on an ephemeral loopback port. */
    public static FaultyOrigin start() {
        try {
            return new FaultyOrigin(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return server.getLocalPort();
    }

    /** TCP connections accepted so far. */
    public int acceptedConnections() {
        return accepted.get();
    }

    /** Connections neither side has closed yet. */
    public int openConnections() {
        return open.size();
    }

    /** Request heads read so far. */
    public int requestCount() {
        return requests.get();
    }

    /** Request body bytes {@link Fault#SINK} has read so far, over all connections. */
    public long bodyBytesReceived() {
        return bodyBytesReceived.get();
    }

    /** Lets one held fault ({@code RESET_MID_BODY}, {@code CLOSE_AFTER_HEAD}, {@code CLOSE_MID_CHUNKED}) break. */
    public void release() {
        released.release();
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        open.forEach(FaultyOrigin::closeQuietly);
        acceptor.interrupt();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                accepted.incrementAndGet();
                open.add(socket);
                Thread.ofVirtual().name("faulty-origin-conn").start(() -> serve(socket));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setSoTimeout((int) MAX_WAIT_MS);
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            String head;
            while ((head = readHead(in)) != null) {
                requests.incrementAndGet();
                if (!answer(socket, head, in, out)) {
                    return;
                }
            }
        } catch (IOException peerGone) {
            // a reset or a timeout: the connection is over either way
        } finally {
            open.remove(socket);
        }
    }

    /** Runs the fault the request path names; true when the connection may carry another request. */
    private boolean answer(Socket socket, String head, InputStream in, OutputStream out) throws IOException {
        String[] requestLine = head.substring(0, head.indexOf("\r\n")).split(" ");
        Fault fault = requestLine.length < 2 ? null : Fault.ofPath(requestLine[1]);
        if (fault == null) {
            write(out, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
            return true;
        }
        switch (fault) {
            case NONE -> {
                write(out, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
                return true;
            }
            case SINK -> {
                long length = contentLength(head);
                long read = drain(in, length);
                if (read < length) {
                    return false;
                }
                String body = "got " + read;
                write(out, "HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body);
                return true;
            }
            case RESET_BEFORE_HEAD -> reset(socket);
            case RESET_MID_BODY -> {
                write(out, promisingHead());
                out.write(new byte[SENT_BYTES]);
                awaitRelease();
                reset(socket);
            }
            case STALL_BEFORE_HEAD -> awaitPeerClose(in);
            case STALL_AFTER_HEAD -> {
                write(out, promisingHead());
                awaitPeerClose(in);
            }
            case STALL_MID_BODY -> {
                write(out, promisingHead());
                out.write(new byte[SENT_BYTES]);
                awaitPeerClose(in);
            }
            case GARBAGE -> {
                write(out, "SSH-2.0-OpenSSH_9.6\r\n");
                awaitPeerClose(in);
            }
            case CLOSE_AFTER_HEAD -> {
                write(out, promisingHead());
                awaitRelease();
            }
            case CLOSE_MID_CHUNKED -> {
                write(out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + Integer.toHexString(SENT_BYTES) + "\r\n");
                out.write(new byte[SENT_BYTES]);
                write(out, "\r\n");
                awaitRelease();
            }
            case OVERSIZED_HEAD -> {
                write(out, "HTTP/1.1 200 OK\r\nX-Filler: ");
                byte[] filler = new byte[64 * 1024];
                Arrays.fill(filler, (byte) 'a');
                for (int i = 0; i < 18; i++) { // 1.125 MiB, past the gateway's 1 MiB head limit
                    out.write(filler);
                }
                write(out, "\r\n\r\n");
                awaitPeerClose(in);
            }
            case SSE -> {
                write(out, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MAX_WAIT_MS);
                for (int n = 0; System.nanoTime() < deadline; n++) {
                    String event = "data: tick " + n + "\n\n";
                    write(out, Integer.toHexString(event.length()) + "\r\n" + event + "\r\n");
                    sleep(20);
                }
            }
            case DOWNLOAD -> {
                write(out, "HTTP/1.1 200 OK\r\nContent-Length: " + (64L << 20) + "\r\n\r\n");
                byte[] piece = new byte[16 * 1024];
                for (long sent = 0; sent < 64L << 20; sent += piece.length) {
                    out.write(piece); // blocks while the peer does not read; fails once it is gone
                }
            }
        }
        return false;
    }

    private static String promisingHead() {
        return "HTTP/1.1 200 OK\r\nContent-Length: " + PROMISED_BYTES + "\r\n\r\n";
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** The request head up to and including its blank line, or null when the peer closed first. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream(256);
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static long contentLength(String head) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("content-length")) {
                return Long.parseLong(line.substring(colon + 1).trim());
            }
        }
        return 0;
    }

    /** Reads up to {@code length} body bytes; fewer when the peer closes first. */
    private long drain(InputStream in, long length) throws IOException {
        byte[] buf = new byte[16 * 1024];
        long read = 0;
        while (read < length) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, length - read));
            if (n < 0) {
                break;
            }
            read += n;
            bodyBytesReceived.addAndGet(n);
        }
        return read;
    }

    /** Blocks until the peer closes (or the wait bound passes), discarding anything it sends. */
    private static void awaitPeerClose(InputStream in) throws IOException {
        byte[] buf = new byte[4096];
        try {
            while (in.read(buf) >= 0) {
                // discarded
            }
        } catch (SocketTimeoutException bound) {
            // the test has long failed on its own bounded wait
        }
    }

    private void awaitRelease() {
        try {
            released.tryAcquire(MAX_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void reset(Socket socket) throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
