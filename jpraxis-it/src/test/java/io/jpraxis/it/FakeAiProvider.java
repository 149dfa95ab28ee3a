package io.jpraxis.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A model provider on a real socket, as strict about its key as a real one: an OpenAI-compatible
 * one ({@code POST /v1/chat/completions}, key in {@code Authorization: Bearer}) or an Anthropic
 * one ({@code POST /v1/messages}, key in {@code x-api-key}). It answers JSON, or server-sent
 * events when the body asks for {@code "stream": true} (OpenAI's with a final include_usage chunk,
 * Anthropic's message_start ... message_stop), reporting its own fixed usage so a test can tell
 * which provider's counts reached the metrics. It serves only the models it knows, under its own
 * names for them. A wrong or missing key, any other header carrying a forbidden value (the
 * client's own key), another path or a model it does not know is recorded as a violation and
 * answered 401 or 404 in the provider's shape. {@link #failNext} makes it answer one request with
 * an error of its own, as a provider under load does.
 *
 * <p>A stream can be held after its first text delta until the test releases it, so the test
 * proves the first delta reached the SDK while the provider was still answering; a hold the test
 * never releases ends the stream there, incomplete, after {@link #HOLD_SECONDS}.
 */
final class FakeAiProvider implements AutoCloseable {
    enum Api { OPENAI, ANTHROPIC }

    /** What the provider reports for a JSON answer and for a stream. */
    record Usage(long input, long output) {
        long total() {
            return input + output;
        }
    }

    /** One request as the provider received it (header names lowercase). */
    record Received(String method, String path, Map<String, List<String>> headers, JsonNode body) {
        String header(String name) {
            List<String> values = headers.get(name);
            return values == null ? null : String.join(",", values);
        }
    }

    static final long HOLD_SECONDS = 30;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String name;
    private final Api api;
    private final String key;
    private final String forbidden;
    private final Set<String> models;
    private final Usage jsonUsage;
    private final Usage streamUsage;
    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final List<String> violations = new CopyOnWriteArrayList<>();
    private final AtomicReference<CountDownLatch> nextHold = new AtomicReference<>();
    private final AtomicReference<Failure> nextFailure = new AtomicReference<>();

    /** An error the provider answers with instead of a completion. */
    private record Failure(int status, String type, String message) {
    }

    private FakeAiProvider(String name, Api api, String key, String forbidden, Set<String> models, Usage jsonUsage,
            Usage streamUsage, HttpServer server) {
        this.name = name;
        this.api = api;
        this.key = key;
        this.forbidden = forbidden;
        this.models = Set.copyOf(models);
        this.jsonUsage = jsonUsage;
        this.streamUsage = streamUsage;
        this.server = server;
    }

    /**
     * Starts a provider named {@code name} on an ephemeral port that serves {@code models}, expects
     * {@code key} and never wants to see {@code forbidden} in any header.
     */
    static FakeAiProvider start(String name, Api api, String key, String forbidden, Set<String> models,
            Usage jsonUsage, Usage streamUsage) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        FakeAiProvider provider = new FakeAiProvider(name, api, key, forbidden, models, jsonUsage, streamUsage,
                server);
        server.createContext("/", provider::answer);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
        return provider;
    }

    String address() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    Usage jsonUsage() {
        return jsonUsage;
    }

    Usage streamUsage() {
        return streamUsage;
    }

    /** The text every answer of this provider carries, split by a stream into two deltas. */
    String text() {
        return "Hello from " + name;
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    List<String> violations() {
        return List.copyOf(violations);
    }

    /** Holds the next stream after its first text delta; count the latch down to let it go on. */
    CountDownLatch holdNextStream() {
        CountDownLatch hold = new CountDownLatch(1);
        nextHold.set(hold);
        return hold;
    }

    /** Answers the next request (after its key was checked) with {@code status} in the provider's error shape. */
    void failNext(int status, String type, String message) {
        nextFailure.set(new Failure(status, type, message));
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] raw = exchange.getRequestBody().readAllBytes();
            Map<String, List<String>> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((n, v) -> headers.put(n.toLowerCase(java.util.Locale.ROOT), v));
            JsonNode body = raw.length == 0 ? JSON.createObjectNode() : JSON.readTree(raw);
            Received request = new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers,
                    body);
            received.add(request);
            String expectedPath = api == Api.OPENAI ? "/v1/chat/completions" : "/v1/messages";
            if (!request.method().equals("POST") || !request.path().equals(expectedPath)) {
                violations.add(name + ": unexpected " + request.method() + " " + request.path());
                send(exchange, 404, "application/json", error("not_found_error", "no such path"));
                return;
            }
            String problem = keyProblem(request);
            if (problem != null) {
                violations.add(name + ": " + problem);
                send(exchange, 401, "application/json", error("authentication_error", "invalid x-api-key"));
                return;
            }
            Failure failure = nextFailure.getAndSet(null);
            if (failure != null) {
                send(exchange, failure.status(), "application/json", error(failure.type(), failure.message()));
                return;
            }
            String model = body.path("model").asText();
            if (!models.contains(model)) {
                violations.add(name + ": asked for a model it does not serve: " + model);
                send(exchange, 404, "application/json", error("not_found_error", "model: " + model));
                return;
            }
            if (!body.path("stream").asBoolean()) {
                send(exchange, 200, "application/json", api == Api.OPENAI ? openAiJson(model) : anthropicJson(model));
                return;
            }
            stream(exchange, model, body.path("stream_options").path("include_usage").asBoolean());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Why the request's credentials are not this provider's own key alone, or null when they are. */
    private String keyProblem(Received request) {
        for (Map.Entry<String, List<String>> h : request.headers().entrySet()) {
            for (String value : h.getValue()) {
                if (value.contains(forbidden)) {
                    return "the client's key reached the provider in " + h.getKey();
                }
            }
        }
        String authorization = request.header("authorization");
        String apiKey = request.header("x-api-key");
        return switch (api) {
            case OPENAI -> ("Bearer " + key).equals(authorization) && apiKey == null ? null
                    : "expected only Authorization: Bearer <its key>, got authorization=" + authorization
                            + " x-api-key=" + apiKey;
            case ANTHROPIC -> key.equals(apiKey) && authorization == null ? null
                    : "expected only x-api-key: <its key>, got authorization=" + authorization + " x-api-key=" + apiKey;
        };
    }

    /** @param includeUsage the request asked for the usage chunk, without which OpenAI sends none */
    private void stream(HttpExchange exchange, String model, boolean includeUsage)
            throws IOException, InterruptedException {
        CountDownLatch hold = nextHold.getAndSet(null);
        List<String> events = api == Api.OPENAI ? openAiEvents(model, includeUsage) : anthropicEvents(model);
        int firstDelta = api == Api.OPENAI ? 1 : 3; // the events up to and including the first text delta
        exchange.getResponseHeaders().set("content-type", "text/event-stream");
        exchange.getResponseHeaders().set("cache-control", "no-cache");
        exchange.sendResponseHeaders(200, 0); // chunked
        OutputStream out = exchange.getResponseBody();
        for (int i = 0; i < events.size(); i++) {
            if (i == firstDelta && hold != null && !hold.await(HOLD_SECONDS, TimeUnit.SECONDS)) {
                violations.add(name + ": the held stream was never released");
                return; // ends the stream incomplete
            }
            out.write(events.get(i).getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }

    private String firstPart() {
        return "Hello";
    }

    private String secondPart() {
        return text().substring(firstPart().length());
    }

    private String openAiJson(String model) {
        return "{\"id\":\"chatcmpl-" + name + "\",\"object\":\"chat.completion\",\"created\":1735689600,\"model\":"
                + quote(model) + ",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
                + quote(text()) + ",\"refusal\":null},\"logprobs\":null,\"finish_reason\":\"stop\"}],\"usage\":"
                + "{\"prompt_tokens\":" + jsonUsage.input() + ",\"completion_tokens\":" + jsonUsage.output()
                + ",\"total_tokens\":" + jsonUsage.total() + "}}";
    }

    private List<String> openAiEvents(String model, boolean includeUsage) {
        String head = "data: {\"id\":\"chatcmpl-" + name + "\",\"object\":\"chat.completion.chunk\","
                + "\"created\":1735689600,\"model\":" + quote(model) + ",";
        // Each chunk carries "usage": null only when usage was asked for, as OpenAI sends them.
        String noUsage = includeUsage ? ",\"usage\":null" : "";
        List<String> events = new ArrayList<>(List.of(
                head + "\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":" + quote(firstPart())
                        + "},\"finish_reason\":null}]" + noUsage + "}\n\n",
                head + "\"choices\":[{\"index\":0,\"delta\":{\"content\":" + quote(secondPart())
                        + "},\"finish_reason\":null}]" + noUsage + "}\n\n",
                head + "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]" + noUsage + "}\n\n"));
        if (includeUsage) {
            events.add(head + "\"choices\":[],\"usage\":{\"prompt_tokens\":" + streamUsage.input()
                    + ",\"completion_tokens\":" + streamUsage.output() + ",\"total_tokens\":" + streamUsage.total()
                    + "}}\n\n");
        }
        events.add("data: [DONE]\n\n");
        return events;
    }

    private String anthropicJson(String model) {
        return "{\"id\":\"msg_" + name + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":" + quote(model)
                + ",\"content\":[{\"type\":\"text\",\"text\":" + quote(text()) + "}],\"stop_reason\":\"end_turn\","
                + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":" + jsonUsage.input() + ",\"output_tokens\":"
                + jsonUsage.output() + "}}";
    }

    private List<String> anthropicEvents(String model) {
        return List.of(
                event("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_" + name
                        + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":" + quote(model)
                        + ",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":"
                        + streamUsage.input() + ",\"output_tokens\":1}}}"),
                event("content_block_start", "{\"type\":\"content_block_start\",\"index\":0,"
                        + "\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"),
                event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":"
                        + "{\"type\":\"text_delta\",\"text\":" + quote(firstPart()) + "}}"),
                event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":"
                        + "{\"type\":\"text_delta\",\"text\":" + quote(secondPart()) + "}}"),
                event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"),
                event("message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\","
                        + "\"stop_sequence\":null},\"usage\":{\"output_tokens\":" + streamUsage.output() + "}}"),
                event("message_stop", "{\"type\":\"message_stop\"}"));
    }

    private static String event(String type, String data) {
        return "event: " + type + "\ndata: " + data + "\n\n";
    }

    private String error(String type, String message) {
        return api == Api.OPENAI
                ? "{\"error\":{\"message\":" + quote(message) + ",\"type\":" + quote(type)
                        + ",\"param\":null,\"code\":null}}"
                : "{\"type\":\"error\",\"error\":{\"type\":" + quote(type) + ",\"message\":" + quote(message) + "}}";
    }

    private static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("content-type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        CountDownLatch hold = nextHold.get();
        if (hold != null) {
            hold.countDown();
        }
        server.stop(0);
        ((ExecutorService) server.getExecutor()).shutdownNow();
    }
}
