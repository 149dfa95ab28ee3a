package io.jpraxis.bench.ai;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Times one streamed chat completion at a time over a kept-alive HTTP/1.1 connection, from the
 * moment the request is written to the moment the read that brought the first byte of the
 * response body (the first {@code data:} event) returned. It reads the whole answer before the
 * next request (chunked or with a length) and checks it is a 200 stream that ended in the
 * include_usage chunk and {@code [DONE]}.
 */
final class FirstTokenClient implements AutoCloseable {
    private final String name;
    private final int port;
    private final byte[] request;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    private final byte[] buf = new byte[256 * 1024];
    private int pos;
    private int lim;
    /** Where the bytes of the latest read start in {@link #buf}, and when that read and the one before returned. */
    private int latestReadStart;
    private long latestReadNanos;
    private long previousReadNanos;
    private long firstBodyByteNanos;
    private final StringBuilder bodyTail = new StringBuilder();

    FirstTokenClient(String name, int port, String bearer, String body) {
        this.name = name;
        this.port = port;
        byte[] json = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + ChatRequests.PATH + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer "
                + bearer + "\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nContent-Length: "
                + json.length + "\r\n\r\n";
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        request = new byte[h.length + json.length];
        System.arraycopy(h, 0, request, 0, h.length);
        System.arraycopy(json, 0, request, h.length, json.length);
    }

    String name() {
        return name;
    }

    /** One request; the nanoseconds from writing it to its first body byte. */
    long sample() throws IOException {
        if (socket == null) {
            connect();
        }
        firstBodyByteNanos = 0;
        bodyTail.setLength(0);
        long sent = System.nanoTime();
        out.write(request);
        out.flush();
        String status = line();
        if (!status.startsWith("HTTP/1.1 200")) {
            throw new IOException(name + ": " + status + " (expected: HTTP/1.1 200)");
        }
        long contentLength = -1;
        boolean chunked = false;
        boolean close = false;
        boolean eventStream = false;
        for (String h = line(); !h.isEmpty(); h = line()) {
            String lower = h.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                contentLength = Long.parseLong(lower.substring(15).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                close = true;
            } else if (lower.startsWith("content-type:") && lower.contains("text/event-stream")) {
                eventStream = true;
            }
        }
        if (!eventStream) {
            throw new IOException(name + ": the answer is not text/event-stream");
        }
        if (chunked) {
            for (long size = chunkSize(); size > 0; size = chunkSize()) {
                body(size);
                line(); // the CRLF after the chunk's data
            }
            while (!line().isEmpty()) {
                // trailers, none expected
            }
        } else if (contentLength >= 0) {
            body(contentLength);
        } else {
            throw new IOException(name + ": a stream without a length or chunks");
        }
        String tail = bodyTail.toString();
        if (!tail.contains("data: [DONE]") || !tail.contains("\"usage\"")) {
            throw new IOException(name + ": the stream did not end in the usage chunk and [DONE]: " + tail);
        }
        if (close) {
            close();
        }
        return firstBodyByteNanos - sent;
    }

    private void connect() throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(15_000);
        socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
        pos = 0;
        lim = 0;
    }

    private long chunkSize() throws IOException {
        String size = line();
        int semicolon = size.indexOf(';');
        return Long.parseLong((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
    }

    /** Consumes {@code n} body bytes, noting when the first one arrived and keeping the last ones. */
    private void body(long n) throws IOException {
        while (n > 0) {
            if (pos == lim) {
                fill();
            }
            if (firstBodyByteNanos == 0) {
                firstBodyByteNanos = pos >= latestReadStart ? latestReadNanos : previousReadNanos;
            }
            int take = (int) Math.min(n, lim - pos);
            bodyTail.append(new String(buf, pos, take, StandardCharsets.US_ASCII));
            if (bodyTail.length() > 512) {
                bodyTail.delete(0, bodyTail.length() - 512);
            }
            pos += take;
            n -= take;
        }
    }

    private String line() throws IOException {
        while (true) {
            for (int i = pos; i + 1 < lim; i++) {
                if (buf[i] == '\r' && buf[i + 1] == '\n') {
                    String s = new String(buf, pos, i - pos, StandardCharsets.US_ASCII);
                    pos = i + 2;
                    return s;
                }
            }
            fill();
        }
    }

    private void fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            lim -= pos;
            latestReadStart = Math.max(0, latestReadStart - pos);
            pos = 0;
        }
        if (lim == buf.length) {
            throw new IOException(name + ": a line longer than " + buf.length + " bytes");
        }
        int n = in.read(buf, lim, buf.length - lim);
        long now = System.nanoTime();
        if (n < 0) {
            throw new IOException(name + ": the connection closed mid-answer");
        }
        previousReadNanos = latestReadNanos;
        latestReadNanos = now;
        latestReadStart = lim;
        lim += n;
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
            socket = null;
        }
    }
}
