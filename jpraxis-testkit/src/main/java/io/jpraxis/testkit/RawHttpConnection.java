package io.jpraxis.testkit;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A blocking HTTP/1.1 client over one TCP connection that writes exactly the bytes a test gives it
 * and parses responses itself: for pipelining, malformed requests, keep-alive and abort tests that
 * a real client library would smooth over. Every read is bounded by the socket timeout.
 */
public final class RawHttpConnection implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawHttpConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        this.out = socket.getOutputStream();
    }

    /** Connects to loopback {@code port} with a 10 s read timeout. */
    public static RawHttpConnection open(int port) {
        return open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), Duration.ofSeconds(10));
    }

    public static RawHttpConnection open(InetSocketAddress address, Duration readTimeout) {
        return open(null, address, readTimeout);
    }

    /**
     * Connects to loopback {@code port} from the local address {@code from}, so a test can be two
     * clients: on Linux every 127.x.y.z is loopback ({@code 127.0.0.2} works without setup).
     */
    public static RawHttpConnection openFrom(InetAddress from, int port) {
        return open(from, new InetSocketAddress(InetAddress.getLoopbackAddress(), port), Duration.ofSeconds(10));
    }

    private static RawHttpConnection open(InetAddress from, InetSocketAddress address, Duration readTimeout) {
        try {
            Socket socket = new Socket();
            if (from != null) {
                socket.bind(new InetSocketAddress(from, 0));
            }
            socket.connect(address, 5_000);
            socket.setSoTimeout((int) readTimeout.toMillis());
            socket.setTcpNoDelay(true);
            return new RawHttpConnection(socket);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot connect to " + address, e);
        }
    }

    /** Sends text as ISO-8859-1 bytes (HTTP/1.1 field encoding, RFC 9110 5.5). */
    public RawHttpConnection send(String raw) {
        return send(raw.getBytes(StandardCharsets.ISO_8859_1));
    }

    public RawHttpConnection send(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public OutputStream output() {
        return out;
    }

    /** Sends {@code GET path} with {@code Host: test} and reads the response. */
    public RawResponse get(String path) throws IOException {
        send("GET " + path + " HTTP/1.1\r\nHost: test\r\n\r\n");
        return readResponse();
    }

    /** Reads the next final response (1xx responses are skipped) to a request that was not HEAD. */
    public RawResponse readResponse() throws IOException {
        return readResponse(false);
    }

    /**
     * Reads the next final response.
     *
     * @param toHead whether the request was HEAD (no body follows, whatever the headers say)
     * @throws EOFException when the peer closes before the response is complete
     */
    public RawResponse readResponse(boolean toHead) throws IOException {
        while (true) {
            String statusLine = readLine();
            if (statusLine == null) {
                throw new EOFException("connection closed before a response");
            }
            String[] parts = statusLine.split(" ", 3);
            int status = Integer.parseInt(parts[1]);
            List<Map.Entry<String, String>> headers = readHeaders();
            if (status >= 100 && status < 200) {
                continue; // interim response (RFC 9110 15.2)
            }
            RawResponse head = new RawResponse(parts[0], status, headers, new byte[0], false);
            if (toHead || status == 204 || status == 304) {
                return head;
            }
            String te = head.header("transfer-encoding");
            if (te != null && te.toLowerCase().contains("chunked")) {
                return new RawResponse(parts[0], status, headers, readChunked(), true);
            }
            String length = head.header("content-length");
            byte[] body = length != null ? readExactly(Long.parseLong(length.trim())) : readToEnd();
            return new RawResponse(parts[0], status, headers, body, false);
        }
    }

    /**
     * Reads the next final response's status line and headers only (1xx skipped), leaving the body
     * unread in {@link #input()}: for large downloads a test digests as it reads.
     */
    public RawResponse readResponseHead() throws IOException {
        while (true) {
            String statusLine = readLine();
            if (statusLine == null) {
                throw new EOFException("connection closed before a response");
            }
            String[] parts = statusLine.split(" ", 3);
            int status = Integer.parseInt(parts[1]);
            List<Map.Entry<String, String>> headers = readHeaders();
            if (status >= 200) {
                return new RawResponse(parts[0], status, headers, new byte[0], false);
            }
        }
    }

    /**
     * Reads the next chunk of a chunked body after {@link #readResponseHead()} (RFC 9112 7.1):
     * its data, or an empty array for the last chunk (whose trailer section is read too). Blocks
     * until the whole chunk arrived, so a test sees exactly when each piece reached the client.
     */
    public byte[] readChunk() throws IOException {
        String sizeLine = readLine();
        if (sizeLine == null) {
            throw new EOFException("connection closed before a chunk");
        }
        int semicolon = sizeLine.indexOf(';');
        int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
        if (size == 0) {
            readHeaders(); // trailers up to the blank line
            return new byte[0];
        }
        byte[] data = in.readNBytes(size);
        if (data.length < size) {
            throw new EOFException("connection closed inside a chunk");
        }
        readLine(); // the CRLF after the data
        return data;
    }

    /** The buffered input, positioned after whatever was read last. */
    public InputStream input() {
        return in;
    }

    /**
     * Reads and discards a response body of unknown size, returning how many bytes arrived before
     * the peer closed; for large downloads where only the count matters.
     */
    public long drainToEnd() throws IOException {
        long total = 0;
        byte[] buf = new byte[64 * 1024];
        int n;
        while ((n = in.read(buf)) > 0) {
            total += n;
        }
        return total;
    }

    /**
     * Whether the peer closes (FIN or RST) within the read timeout without sending anything.
     *
     * @throws IllegalStateException when the peer sends bytes instead
     */
    public boolean closedByPeer() {
        try {
            int b = in.read();
            if (b >= 0) {
                throw new IllegalStateException("peer sent data instead of closing: " + (char) b);
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true; // reset
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Socket socket() {
        return socket;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<Map.Entry<String, String>> readHeaders() throws IOException {
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        String line;
        while ((line = readLine()) != null && !line.isEmpty()) {
            int colon = line.indexOf(':');
            headers.add(new AbstractMap.SimpleImmutableEntry<>(line.substring(0, colon).trim(),
                    line.substring(colon + 1).trim()));
        }
        if (line == null) {
            throw new EOFException("connection closed inside a header block");
        }
        return headers;
    }

    private byte[] readChunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine();
            if (sizeLine == null) {
                throw new EOFException("connection closed inside a chunked body");
            }
            int semi = sizeLine.indexOf(';');
            long size = Long.parseLong((semi < 0 ? sizeLine : sizeLine.substring(0, semi)).trim(), 16);
            if (size == 0) {
                readHeaders(); // trailers
                return body.toByteArray();
            }
            body.write(readExactly(size));
            if (!"".equals(readLine())) {
                throw new IOException("chunk not followed by CRLF");
            }
        }
    }

    private byte[] readExactly(long length) throws IOException {
        byte[] data = in.readNBytes(Math.toIntExact(length));
        if (data.length < length) {
            throw new EOFException("connection closed after " + data.length + " of " + length + " body bytes");
        }
        return data;
    }

    private byte[] readToEnd() throws IOException {
        return in.readAllBytes();
    }

    /** A CRLF- (or LF-) terminated line without its terminator; null at end of stream. */
    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(128);
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
        }
        if (line.size() > 0) {
            throw new EOFException("connection closed inside a line");
        }
        return null;
    }
}
