package io.jpraxis.http.testing;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/** WebSocket handshakes and frames by hand (RFC 6455), for tests that need exact bytes on either side. */
public final class RawUpgrade {
    /** The key every raw handshake sends (RFC 6455 4.1's example). */
    public static final String KEY = "dGhlIHNhbXBsZSBub25jZQ==";
    private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    private RawUpgrade() {
    }

    /** An upgrade request head for {@code path} with the standard lines plus {@code extraLines} (each ending CRLF). */
    public static String request(String path, String upgradeLines, String extraLines) {
        return "GET " + path + " HTTP/1.1\r\nHost: test\r\n" + upgradeLines + "Sec-WebSocket-Key: " + KEY
                + "\r\nSec-WebSocket-Version: 13\r\n" + extraLines + "\r\n";
    }

    /** The usual offer: {@code Connection: Upgrade} and {@code Upgrade: websocket}. */
    public static String request(String path) {
        return request(path, "Connection: Upgrade\r\nUpgrade: websocket\r\n", "");
    }

    /** The {@code Sec-WebSocket-Accept} for {@code key} (RFC 6455 4.2.2). */
    public static String accept(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest((key + GUID).getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A complete 101 answering {@link #KEY}, with {@code extraLines} before the blank line. */
    public static String switching(String extraLines) {
        return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: "
                + accept(KEY) + "\r\n" + extraLines + "\r\n";
    }

    /** Reads a head (status or request line and header lines, up to the blank line), lines without CRLF. */
    public static List<String> readHead(InputStream in) throws IOException {
        List<String> lines = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("closed inside a head after " + lines);
            }
            if (b == '\n') {
                String text = line.toString(StandardCharsets.ISO_8859_1);
                text = text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
                if (text.isEmpty()) {
                    return lines;
                }
                lines.add(text);
                line.reset();
            } else {
                line.write(b);
            }
        }
    }

    /** The value of header {@code name} in a head from {@link #readHead}, or null. */
    public static String header(List<String> head, String name) {
        String prefix = name.toLowerCase(Locale.ROOT) + ":";
        for (String line : head.subList(1, head.size())) {
            if (line.toLowerCase(Locale.ROOT).startsWith(prefix)) {
                return line.substring(prefix.length()).trim();
            }
        }
        return null;
    }

    /** An unmasked text frame, as an origin sends it (short payloads only). */
    public static byte[] originText(String text) {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        byte[] frame = new byte[2 + payload.length];
        frame[0] = (byte) 0x81;
        frame[1] = (byte) payload.length;
        System.arraycopy(payload, 0, frame, 2, payload.length);
        return frame;
    }

    /** Reads exactly {@code n} bytes. */
    public static byte[] readExactly(InputStream in, int n) throws IOException {
        byte[] bytes = in.readNBytes(n);
        if (bytes.length < n) {
            throw new EOFException("closed after " + bytes.length + " of " + n + " bytes");
        }
        return bytes;
    }
}
