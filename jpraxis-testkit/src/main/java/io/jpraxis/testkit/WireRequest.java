package io.jpraxis.testkit;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An HTTP/1.1 request as it crossed the wire, read by a deliberately strict parser (RFC 9112):
 * CRLF line ends only, token field names, no folding, no control bytes in values, exactly one
 * framing (one decimal Content-Length, or Transfer-Encoding: chunked alone) and well-formed chunks.
 * What a proxy forwards must pass it; anything it refuses is a {@link Malformed}.
 *
 * @param headers in arrival order, names as sent
 */
public record WireRequest(String method, String target, String version, List<Map.Entry<String, String>> headers,
        byte[] body) {

    /** What the strict parser refused, and why. */
    public static final class Malformed extends IOException {
        Malformed(String message) {
            super(message);
        }
    }

    /** Every value of {@code name} (case-insensitive), in order. */
    public List<String> headerValues(String name) {
        return headers.stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).toList();
    }

    /** The one value of {@code name}, or null. */
    public String header(String name) {
        List<String> values = headerValues(name);
        return values.isEmpty() ? null : values.getFirst();
    }

    /** Every request in {@code bytes}, which must hold whole well-formed requests and nothing else. */
    public static List<WireRequest> parseAll(byte[] bytes) throws Malformed {
        ByteArrayInputStream in = new ByteArrayInputStream(bytes);
        List<WireRequest> out = new ArrayList<>();
        try {
            while (in.available() > 0) {
                out.add(read(in));
            }
        } catch (EOFException e) {
            throw new Malformed("bytes end inside request " + (out.size() + 1) + ": " + e.getMessage());
        } catch (Malformed e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /**
     * Reads one request from {@code in}.
     *
     * @throws EOFException when the stream ends before the request does (at its very start, too)
     * @throws Malformed when the bytes break the grammar
     */
    public static WireRequest read(InputStream in) throws IOException {
        String requestLine = line(in);
        String[] parts = requestLine.split(" ", -1);
        if (parts.length != 3 || parts[0].isEmpty() || !token(parts[0]) || parts[1].isEmpty()
                || !parts[2].equals("HTTP/1.1") && !parts[2].equals("HTTP/1.0")) {
            throw new Malformed("request line: " + requestLine);
        }
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        for (String field = line(in); !field.isEmpty(); field = line(in)) {
            int colon = field.indexOf(':');
            if (colon <= 0 || !token(field.substring(0, colon))) {
                throw new Malformed("field line: " + field);
            }
            String value = field.substring(colon + 1).strip();
            for (char c : value.toCharArray()) {
                if (c < 0x20 && c != '\t' || c == 0x7f) {
                    throw new Malformed("control byte in " + field);
                }
            }
            headers.add(Map.entry(field.substring(0, colon), value));
        }
        WireRequest head = new WireRequest(parts[0], parts[1], parts[2], List.copyOf(headers), new byte[0]);
        List<String> lengths = head.headerValues("content-length");
        List<String> codings = head.headerValues("transfer-encoding");
        if (!lengths.isEmpty() && !codings.isEmpty() || lengths.size() > 1 || codings.size() > 1) {
            throw new Malformed("framing: Content-Length " + lengths + ", Transfer-Encoding " + codings);
        }
        byte[] body;
        if (!codings.isEmpty()) {
            if (!codings.getFirst().equalsIgnoreCase("chunked")) {
                throw new Malformed("transfer coding " + codings.getFirst());
            }
            body = chunked(in);
        } else if (!lengths.isEmpty()) {
            if (!lengths.getFirst().matches("[0-9]{1,18}")) {
                throw new Malformed("Content-Length " + lengths.getFirst());
            }
            body = exactly(in, Long.parseLong(lengths.getFirst()));
        } else {
            body = new byte[0];
        }
        return new WireRequest(head.method, head.target, head.version, head.headers, body);
    }

    private static byte[] chunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line(in);
            int semicolon = sizeLine.indexOf(';');
            String size = semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon);
            if (!size.matches("[0-9a-fA-F]{1,8}")) {
                throw new Malformed("chunk size " + sizeLine);
            }
            long length = Long.parseLong(size, 16);
            if (length == 0) {
                for (String trailer = line(in); !trailer.isEmpty(); trailer = line(in)) {
                    if (trailer.indexOf(':') <= 0) {
                        throw new Malformed("trailer line " + trailer);
                    }
                }
                return body.toByteArray();
            }
            body.writeBytes(exactly(in, length));
            if (!line(in).isEmpty()) {
                throw new Malformed("chunk data longer than its size");
            }
        }
    }

    private static byte[] exactly(InputStream in, long length) throws IOException {
        byte[] data = in.readNBytes((int) length);
        if (data.length < length) {
            throw new EOFException("body ends after " + data.length + " of " + length + " bytes");
        }
        return data;
    }

    /** One line without its CRLF; a bare CR or LF is malformed. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("inside a line: " + line.toString(StandardCharsets.ISO_8859_1));
            }
            if (b == '\n') {
                throw new Malformed("bare LF after " + line.toString(StandardCharsets.ISO_8859_1));
            }
            if (b == '\r') {
                if (in.read() != '\n') {
                    throw new Malformed("bare CR after " + line.toString(StandardCharsets.ISO_8859_1));
                }
                return line.toString(StandardCharsets.ISO_8859_1);
            }
            if (b == 0) {
                throw new Malformed("NUL in a line");
            }
            line.write(b);
        }
    }

    private static boolean token(String s) {
        for (char c : s.toCharArray()) {
            boolean tchar = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!tchar) {
                return false;
            }
        }
        return !s.isEmpty();
    }

    @Override
    public String toString() {
        return method + " " + target + " " + version + " " + headers + " (" + body.length + " body bytes)";
    }
}
