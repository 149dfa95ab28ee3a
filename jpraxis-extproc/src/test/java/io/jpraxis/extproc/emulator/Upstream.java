package io.jpraxis.extproc.emulator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** What Envoy's router does with the final request in the emulator: a canned answer or a real origin. */
@FunctionalInterface
public interface Upstream {

    /** The upstream's answer to the request as mutated; {@code metadata} is the merged envoy.lb-style metadata. */
    Answer send(String method, List<Map.Entry<String, String>> headers, byte[] body, Map<String, String> lbMetadata);

    /** An upstream answer. */
    record Answer(int status, List<Map.Entry<String, String>> headers, byte[] body) {
    }

    static Upstream canned(int status, List<Map.Entry<String, String>> headers, String body) {
        return (m, h, b, md) -> new Answer(status, headers, body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The seed's Envoy topology: header_mutation copies {@code envoy.lb[key]} into the Host
     * (x-chosen-host + dynamic_forward_proxy's host_rewrite_header), and the "DNS" in
     * {@code resolve} maps that name to a local origin port. With no metadata there is no route: 503.
     */
    static Upstream dynamicForwardProxy(String key, Function<String, Integer> resolve) {
        return (method, headers, body, lb) -> {
            String host = lb.get(key);
            Integer port = host == null ? null : resolve.apply(host);
            if (port == null) {
                return new Answer(503, List.of(), "no healthy upstream".getBytes(StandardCharsets.UTF_8));
            }
            List<Map.Entry<String, String>> rewritten = new ArrayList<>();
            for (Map.Entry<String, String> h : headers) {
                if (h.getKey().equals(":authority")) {
                    rewritten.add(Map.entry(":authority", host));
                } else {
                    rewritten.add(h);
                }
            }
            return http1(port, method, rewritten, body);
        };
    }

    /** Sends the request over HTTP/1.1 to 127.0.0.1:{@code port} and reads the whole answer. */
    static Answer http1(int port, String method, List<Map.Entry<String, String>> headers, byte[] body) {
        String path = "/";
        String authority = "localhost";
        StringBuilder head = new StringBuilder();
        for (Map.Entry<String, String> h : headers) {
            switch (h.getKey()) {
                case ":path" -> path = h.getValue();
                case ":authority" -> authority = h.getValue();
                default -> {
                    if (!h.getKey().startsWith(":") && !h.getKey().equalsIgnoreCase("content-length")
                            && !h.getKey().equalsIgnoreCase("host")) {
                        head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
                    }
                }
            }
        }
        String request = method + " " + path + " HTTP/1.1\r\nhost: " + authority + "\r\n" + head
                + "content-length: " + body.length + "\r\nconnection: close\r\n\r\n";
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return parse(s.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Answer parse(InputStream in) throws IOException {
        byte[] all = in.readAllBytes();
        String text = new String(all, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        boolean chunked = false;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = lines[i].substring(colon + 1).trim();
            chunked |= name.equals("transfer-encoding") && value.equalsIgnoreCase("chunked");
            if (!name.equals("transfer-encoding") && !name.equals("connection")) {
                headers.add(Map.entry(name, value));
            }
        }
        byte[] rest = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        return new Answer(status, headers, chunked ? dechunk(rest) : rest);
    }

    private static byte[] dechunk(byte[] raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < raw.length) {
            int lineEnd = at;
            while (raw[lineEnd] != '\r') {
                lineEnd++;
            }
            int size = Integer.parseInt(new String(raw, at, lineEnd - at, StandardCharsets.ISO_8859_1).split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            out.write(raw, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }
}
