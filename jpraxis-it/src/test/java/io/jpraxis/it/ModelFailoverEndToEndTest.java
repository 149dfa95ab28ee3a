package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jpraxis.testkit.TestOrigin;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code model_failover} end to end (see docs/behaviour/model-failover.md): {@code gpt-4o} goes
 * to provider A with A's key; when A answers 503, refuses the connection or sends no head in
 * time, the same request goes to provider B with B's key and B's name for the model, and a
 * streamed answer streams from B as B sends it. Real sockets both sides.
 */
@Timeout(60)
class ModelFailoverEndToEndTest {
    private final Provider b = Provider.start();
    private TestOrigin a;

    @AfterEach
    void stop() {
        b.close();
        if (a != null) {
            a.close();
        }
    }

    private static String config(String providerA, String providerB, String failoverOn) {
        return TestConfigs.pipeline("""
                - filter: model_to_header
                - filter: intelligent_route
                  local_site: hub
                  candidates:
                    - kind: inference_model
                      name: gpt-4o
                      site: hub
                      cluster: provider-a
                      credential: {strategy: bearer_token, secret_ref: {name: a, namespace: ai, key: token}}
                    - kind: inference_model
                      name: gpt-4o
                      site: hub
                      cluster: provider-b
                      credential: {strategy: apikey, header: x-api-key, secret_ref: {name: b, namespace: ai, key: token}}
                - filter: credential_inject
                  credentials:
                    - {name: a, namespace: ai, key: token, value: sk-provider-a}
                    - {name: b, namespace: ai, key: token, strategy: apikey, header: x-api-key, value: sk-provider-b}
                - filter: model_failover
                  failover_on: %s
                  upstream_models:
                    - {model: gpt-4o, cluster: provider-b, upstream_model: gpt-4o-2024-11-20}
                - filter: load_balancer
                  clusters:
                    - {name: provider-a, endpoints: ["%s"]}
                    - {name: provider-b, endpoints: ["%s"]}
                """.formatted(failoverOn, providerA, providerB));
    }

    private static HttpRequest chat(RunningGateway gw, boolean stream) {
        String body = "{\"model\": \"gpt-4o\", \"stream\": " + stream + ", \"messages\": []}";
        return HttpRequest.newBuilder(gw.uri("/v1/chat/completions")).header("content-type", "application/json")
                .header("authorization", "Bearer client-key").POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    @Test
    void a503FromTheFirstProviderStreamsTheSecondProvidersAnswerWithItsKeyAndModelName() throws Exception {
        a = TestOrigin.builder("provider-a").fixed(503, "application/json", "{\"error\":\"overloaded\"}").start();
        try (RunningGateway gw = RunningGateway.start(config(a.address(), b.address(), "{}"))) {
            HttpResponse<InputStream> response = Http.CLIENT.send(chat(gw, true), HttpResponse.BodyHandlers.ofInputStream());

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
            assertThat(response.headers().firstValue("content-length")).as("a stream is not buffered").isEmpty();
            try (BufferedReader events = new BufferedReader(new InputStreamReader(response.body(),
                    StandardCharsets.UTF_8))) {
                assertThat(events.readLine()).as("B's first event arrives while B still holds the rest")
                        .isEqualTo(Provider.FIRST_EVENT.strip());
                b.release();
                StringBuilder rest = new StringBuilder();
                for (String line; (line = events.readLine()) != null; ) {
                    rest.append(line).append('\n');
                }
                assertThat(rest.toString()).contains("data: [DONE]");
            }
            assertThat(a.requestCount()).isEqualTo(1);
            assertThat(a.requestHeads().get(0)).containsEntry("authorization", "Bearer sk-provider-a");
            Provider.Seen seen = b.requests().get(0);
            assertThat(seen.headers()).containsEntry("x-api-key", "sk-provider-b");
            assertThat(seen.headers()).as("neither the client's key nor A's reaches B").doesNotContainKey("authorization");
            assertThat(seen.body()).contains("\"model\": \"gpt-4o-2024-11-20\"").contains("\"stream\": true");
            assertThat(seen.headers().get("content-length")).isEqualTo(Integer.toString(seen.body().length()));
            assertThat(counter(gw, "jpraxis.model.failovers", "status")).isEqualTo(1);
        }
    }

    @Test
    void aRefusedConnectionFailsOverToTheNextEntry() throws Exception {
        b.release();
        String closed = "127.0.0.1:" + TestOrigin.unusedPort();
        try (RunningGateway gw = RunningGateway.start(config(closed, b.address(), "{}"))) {
            HttpResponse<String> response = Http.send(chat(gw, false));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo(Provider.JSON_BODY);
            assertThat(b.requests()).hasSize(1);
            assertThat(counter(gw, "jpraxis.model.failovers", "transport_error")).isEqualTo(1);
        }
    }

    @Test
    void noHeadWithinTheFirstByteTimeoutFailsOver() throws Exception {
        b.release();
        a = TestOrigin.builder("provider-a").failing(TestOrigin.Failure.HANG).start();
        try (RunningGateway gw = RunningGateway.start(config(a.address(), b.address(),
                "{first_byte_timeout_ms: 300, transport_errors: false}"))) {
            HttpResponse<String> response = Http.send(chat(gw, false));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo(Provider.JSON_BODY);
            assertThat(counter(gw, "jpraxis.model.failovers", "first_byte_timeout")).isEqualTo(1);
        }
    }

    @Test
    void aStatusThatIsNoFailoverConditionIsRelayedAndTheNextEntryNeverAsked() throws Exception {
        a = TestOrigin.builder("provider-a").fixed(400, "application/json", "{\"error\":\"bad request\"}").start();
        try (RunningGateway gw = RunningGateway.start(config(a.address(), b.address(), "{}"))) {
            HttpResponse<String> response = Http.send(chat(gw, false));

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).isEqualTo("{\"error\":\"bad request\"}");
            assertThat(b.requests()).isEmpty();
        }
    }

    @Test
    void whenEveryEntryFailsTheLastAnswerIsRelayedAndCounted() throws Exception {
        a = TestOrigin.builder("provider-a").fixed(503, "application/json", "{\"error\":\"a is down\"}").start();
        try (TestOrigin alsoDown = TestOrigin.builder("provider-b").fixed(429, "application/json",
                "{\"error\":\"b is busy\"}").start();
                RunningGateway gw = RunningGateway.start(config(a.address(), alsoDown.address(), "{}"))) {
            HttpResponse<String> response = Http.send(chat(gw, false));

            assertThat(response.statusCode()).isEqualTo(429);
            assertThat(response.body()).isEqualTo("{\"error\":\"b is busy\"}");
            assertThat(a.requestCount()).isEqualTo(1);
            assertThat(alsoDown.requestCount()).isEqualTo(1);
            assertThat(counter(gw, "jpraxis.model.failovers", "status")).isEqualTo(1);
            assertThat(counter(gw, "jpraxis.model.failovers.exhausted", "status")).isEqualTo(1);
        }
    }

    private static double counter(RunningGateway gw, String name, String reason) {
        return gw.meters().get(name).tag("reason", reason).functionCounter().count();
    }

    /** An OpenAI-compatible provider that records what it received and holds a stream after its first event. */
    static final class Provider implements AutoCloseable {
        static final String JSON_BODY = "{\"id\":\"chatcmpl-b\",\"object\":\"chat.completion\","
                + "\"model\":\"gpt-4o-2024-11-20\",\"choices\":[],\"usage\":{\"prompt_tokens\":3,"
                + "\"completion_tokens\":2,\"total_tokens\":5}}";
        static final String FIRST_EVENT = "data: {\"id\":\"b\",\"choices\":[{\"index\":0,\"delta\":"
                + "{\"content\":\"Hi\"}}]}\n\n";

        record Seen(Map<String, String> headers, String body) {
        }

        private final HttpServer server;
        private final ExecutorService threads = Executors.newCachedThreadPool();
        private final CountDownLatch release = new CountDownLatch(1);
        private final List<Seen> seen = new CopyOnWriteArrayList<>();

        private Provider(HttpServer server) {
            this.server = server;
            server.createContext("/", this::answer);
            server.setExecutor(threads);
            server.start();
        }

        static Provider start() {
            try {
                return new Provider(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        String address() {
            return "127.0.0.1:" + server.getAddress().getPort();
        }

        List<Seen> requests() {
            return seen;
        }

        void release() {
            release.countDown();
        }

        private void answer(HttpExchange exchange) throws IOException {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Map<String, String> headers = new java.util.TreeMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0)));
            seen.add(new Seen(headers, body));
            try (exchange) {
                if (!body.contains("\"stream\": true")) {
                    byte[] json = JSON_BODY.getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().set("content-type", "application/json");
                    exchange.sendResponseHeaders(200, json.length);
                    exchange.getResponseBody().write(json);
                    return;
                }
                exchange.getResponseHeaders().set("content-type", "text/event-stream");
                exchange.sendResponseHeaders(200, 0);
                OutputStream out = exchange.getResponseBody();
                out.write(FIRST_EVENT.getBytes(StandardCharsets.UTF_8));
                out.flush();
                if (release.await(20, TimeUnit.SECONDS)) {
                    out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
            release.countDown();
            server.stop(0);
            threads.shutdownNow();
        }
    }
}
