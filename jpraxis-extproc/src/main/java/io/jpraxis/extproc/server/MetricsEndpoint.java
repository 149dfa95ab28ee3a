package io.jpraxis.extproc.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Prometheus text on {@code GET /metrics} at {@code server.metrics_address}. The JDK's HTTP server
 * with one thread suffices for a scrape every few seconds and keeps Netty out of this module.
 */
final class MetricsEndpoint implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor;

    private MetricsEndpoint(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    static MetricsEndpoint start(InetSocketAddress address, PrometheusMeterRegistry registry) throws IOException {
        HttpServer server = HttpServer.create(address, 16);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "jpraxis-extproc-metrics");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", exchange -> answer(exchange, registry));
        server.start();
        return new MetricsEndpoint(server, executor);
    }

    private static void answer(HttpExchange exchange, PrometheusMeterRegistry registry) throws IOException {
        try (exchange) {
            boolean metrics = exchange.getRequestURI().getPath().equals("/metrics");
            boolean get = exchange.getRequestMethod().equals("GET") || exchange.getRequestMethod().equals("HEAD");
            if (!metrics || !get) {
                byte[] body = "{\"error\":\"not found\"}".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("content-type", "application/json");
                exchange.sendResponseHeaders(metrics ? 405 : 404, body.length);
                exchange.getResponseBody().write(body);
                return;
            }
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("content-type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
