package io.jpraxis.filters.iterative;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTP origin on a loopback port (the JDK's server), answering every request with one
 * status, body and headers, optionally holding the answer until released; records what it got.
 */
final class Origin implements AutoCloseable {
    private final HttpServer server;
    final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final CountDownLatch release;

    /** What one request carried. */
    record Seen(String method, String target, Map<String, List<String>> headers, byte[] body) {
        String header(String name) {
            for (Map.Entry<String, List<String>> e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue().getFirst();
                }
            }
            return null;
        }
    }

    private Origin(int status, byte[] body, Map<String, String> headers, boolean hold) throws IOException {
        this.release = new CountDownLatch(hold ? 1 : 0);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> answer(exchange, status, body, headers));
        server.start();
    }

    static Origin answering(int status, String body) throws IOException {
        return new Origin(status, body.getBytes(), Map.of(), false);
    }

    static Origin answering(int status, byte[] body, Map<String, String> headers) throws IOException {
        return new Origin(status, body, headers, false);
    }

    /** An origin that answers only once {@link #close()} releases it (a step deadline passes first). */
    static Origin stalled() throws IOException {
        return new Origin(200, "late".getBytes(), Map.of(), true);
    }

    private void answer(HttpExchange exchange, int status, byte[] body, Map<String, String> headers)
            throws IOException {
        byte[] in = exchange.getRequestBody().readAllBytes();
        seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                Map.copyOf(exchange.getRequestHeaders()), in));
        try {
            release.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        headers.forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
        boolean empty = status == 204 || status == 304 || exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, empty ? -1 : body.length == 0 ? -1 : body.length);
        if (!empty && body.length > 0) {
            exchange.getResponseBody().write(body);
        }
        exchange.close();
    }

    String endpoint() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
    }
}
