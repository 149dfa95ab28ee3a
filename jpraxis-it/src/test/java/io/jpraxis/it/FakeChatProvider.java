package io.jpraxis.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A small OpenAI-compatible origin on a real socket: {@code POST /v1/chat/completions} answers a
 * JSON completion with usage, or, when the body asks for {@code "stream":true}, server-sent events
 * written one flush at a time: the first at once, the rest only after {@link #releaseStream()}, so
 * a test can show the first event reached the client while the provider was still answering.
 */
final class FakeChatProvider implements AutoCloseable {
    static final String JSON_BODY = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"gpt-4o-2024-08-06\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"Hello\"}}],"
            + "\"usage\":{\"prompt_tokens\":21,\"completion_tokens\":8,\"total_tokens\":29}}";
    static final String FIRST_EVENT = "data: {\"id\":\"c\",\"model\":\"gpt-4o-2024-08-06\",\"choices\":[{\"index\":0,"
            + "\"delta\":{\"content\":\"Hel\"}}],\"usage\":null}\n\n";
    static final List<String> LATER_EVENTS = List.of(
            "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"lo\"}}],\"usage\":null}\n\n",
            "data: {\"id\":\"c\",\"choices\":[],\"usage\":{\"prompt_tokens\":13,\"completion_tokens\":2,"
                    + "\"total_tokens\":15}}\n\n",
            "data: [DONE]\n\n");

    /** In a request body: send the usage chunk at once and hold only the final {@code [DONE]}. */
    static final String HOLD_DONE = "hold-done";

    private final HttpServer server;
    private final CountDownLatch release = new CountDownLatch(1);

    private FakeChatProvider(HttpServer server) {
        this.server = server;
    }

    static FakeChatProvider start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        FakeChatProvider provider = new FakeChatProvider(server);
        server.createContext("/v1/chat/completions", provider::answer);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
        return provider;
    }

    String address() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    /** Lets a held stream send the rest of its events. */
    void releaseStream() {
        release.countDown();
    }

    private void answer(HttpExchange exchange) throws IOException {
        String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        try (exchange) {
            if (!request.replace(" ", "").contains("\"stream\":true")) {
                byte[] body = JSON_BODY.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("content-type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                return;
            }
            exchange.getResponseHeaders().set("content-type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0); // chunked
            OutputStream out = exchange.getResponseBody();
            write(out, FIRST_EVENT);
            if (request.contains(HOLD_DONE)) {
                // Everything but [DONE] at once; the end waits, so a client can leave before it.
                write(out, LATER_EVENTS.get(0));
                write(out, LATER_EVENTS.get(1));
                release.await(10, TimeUnit.SECONDS);
                write(out, LATER_EVENTS.get(2));
                return;
            }
            if (!release.await(10, TimeUnit.SECONDS)) {
                return; // the test gave up: end the stream as it is
            }
            for (String event : LATER_EVENTS) {
                Thread.sleep(20);
                write(out, event);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void write(OutputStream out, String event) throws IOException {
        out.write(event.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
