package io.jpraxis.bench.load;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * One tiny HTTP/1.1 request over a fresh socket, reading only the status line: the cheapest way to
 * ask "does it serve yet?" without a client library's own start-up cost in the measurement.
 */
public final class HttpProbe {
    private static final int TIMEOUT_MILLIS = 2000;

    private HttpProbe() {
    }

    /** The status of {@code GET path} on 127.0.0.1:{@code port}, or -1 when nothing answered. */
    public static int status(int port, String path) {
        return exchange(port, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nConnection: close\r\n\r\n");
    }

    /** The status of a {@code POST path} of {@code json} (ASCII), or -1 when nothing answered. */
    public static int postJson(int port, String path, String json) {
        return exchange(port, "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nContent-Type: application/json\r\nContent-Length: " + json.length()
                + "\r\nConnection: close\r\n\r\n" + json);
    }

    /** The status of {@code GET path} over TLS with {@code tls}'s trust, or -1 when nothing answered. */
    public static int tlsStatus(int port, String path, SSLContext tls) {
        return exchange(port, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nConnection: close\r\n\r\n", tls);
    }

    /**
     * The status line and headers of {@code GET path} with {@code headers} added (the body is not
     * read): what the suite checks before the rounds, such as a {@code Content-Encoding}.
     */
    public static Answer get(int port, String path, Map<String, String> headers) {
        StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n");
        headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        request.append("Connection: close\r\n\r\n");
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            int status = parseStatusLine(readLine(in));
            Map<String, String> answerHeaders = new LinkedHashMap<>();
            for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    answerHeaders.merge(line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            line.substring(colon + 1).trim(), (a, b) -> a + ", " + b);
                }
            }
            return new Answer(status, answerHeaders);
        } catch (IOException e) {
            return new Answer(-1, Map.of());
        }
    }

    /** A status (-1: nothing answered) and the response headers, names in lower case. */
    public record Answer(int status, Map<String, String> headers) {
        public Answer {
            headers = Map.copyOf(headers);
        }

        /** The header {@code name} (lower case), or "" when absent. */
        public String header(String name) {
            return headers.getOrDefault(name, "");
        }
    }

    private static int exchange(int port, String request) {
        return exchange(port, request, null);
    }

    private static int exchange(int port, String request, SSLContext tls) {
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), TIMEOUT_MILLIS);
            plain.setSoTimeout(TIMEOUT_MILLIS);
            Socket socket = tls == null ? plain
                    : tls.getSocketFactory().createSocket(plain, "127.0.0.1", port, true);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            return parseStatusLine(readLine(socket.getInputStream()));
        } catch (IOException e) {
            return -1;
        }
    }

    /** The code in a status line such as {@code HTTP/1.1 200 OK}, or -1. */
    static int parseStatusLine(String line) {
        String[] parts = line.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            return -1;
        }
        try {
            return Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }
}
