package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.it.FakeAiProvider.Api;
import io.jpraxis.it.FakeAiProvider.Usage;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.server.boot.ServingGateway;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/**
 * examples/ai-gateway.yaml, the flagship, end to end with the official SDKs (see
 * docs/guide/ai.md#the-ai-gateway-example): the example file itself, its listener, admin and
 * provider ports moved to free ones, in front of three fake providers on real sockets that accept
 * only their own key from examples/secrets/ and never the client's. The openai and
 * {@code @anthropic-ai/sdk} packages list the models, complete chats and messages, JSON and
 * streamed (the first delta reaches the SDK while the provider holds the rest), and meet the 401
 * and 404 in their own error classes; the counts the providers reported reach the admin
 * {@code /metrics} and the access log, and the Grafana dashboard finds its metrics there.
 */
@Timeout(120)
class AiGatewayExampleTest {
    static final String EXAMPLE = "ai-gateway.yaml";
    static final String CLIENT_KEY = "sk-jpraxis-example";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CHAT = "{\"model\":\"%s\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final String STREAM_CHAT = "{\"model\":\"%s\",\"stream_options\":{\"include_usage\":true},"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final String STREAM_CHAT_WITHOUT_USAGE = "{\"model\":\"%s\","
            + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final String MESSAGES = "{\"model\":\"%s\",\"max_tokens\":64,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

    private final Logger accessLog = (Logger) LoggerFactory.getLogger("jpraxis.access");
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final List<FakeAiProvider> providers = new ArrayList<>();
    private FakeAiProvider providerA;
    private FakeAiProvider providerB;
    private FakeAiProvider providerC;
    private ServingGateway gw;

    @BeforeEach
    void start() throws Exception {
        NodeSdk.assumeAvailable();
        lines.start();
        accessLog.addAppender(lines);
        providerA = provider("A", Api.OPENAI, "provider-a.key", Set.of("gpt-4o"), new Usage(11, 7), new Usage(12, 3));
        // B knows gpt-4o by its dated name only: a failover to B has to send that one.
        providerB = provider("B", Api.OPENAI, "provider-b.key", Set.of("gpt-4o-2024-11-20", "gpt-4o-mini"),
                new Usage(23, 5), new Usage(24, 2));
        providerC = provider("C", Api.ANTHROPIC, "provider-c.key", Set.of("claude-sonnet-4"), new Usage(17, 4),
                new Usage(19, 6));
        // Only the ports move (decision: the example names every address as 127.0.0.1:PORT); the
        // key files resolve from the repository root, as Examples.read makes them.
        String yaml = Examples.adapted(EXAMPLE, Map.of("127.0.0.1:9901", "127.0.0.1:0",
                "127.0.0.1:18001", providerA.address(), "127.0.0.1:18002", providerB.address(),
                "127.0.0.1:18003", providerC.address()));
        RuntimeServices services = RuntimeServices.system();
        FilterRegistry registry = FilterRegistry.withBuiltIns(GatewayFilters.all());
        CompileResult compiled = new GatewayBuilder(FeatureSet.NONE, services, registry).build(yaml);
        assertThat(compiled.diagnostics().errors()).as("the example loads").isEmpty();
        assertThat(compiled.diagnostics().warnings()).as("without a warning").isEmpty();
        gw = ServingGateway.start(compiled.gateway(), services, registry);
    }

    private FakeAiProvider provider(String name, Api api, String keyFile, Set<String> models, Usage json, Usage stream)
            throws Exception {
        String key = Files.readString(Examples.DIRECTORY.resolve("secrets").resolve(keyFile));
        FakeAiProvider p = FakeAiProvider.start(name, api, key, CLIENT_KEY, models, json, stream);
        providers.add(p);
        return p;
    }

    @AfterEach
    void stop() {
        if (gw != null) {
            gw.shutdown(Duration.ofSeconds(2));
        }
        List<String> violations = new ArrayList<>();
        for (FakeAiProvider p : providers) {
            violations.addAll(p.violations());
            p.close();
        }
        accessLog.detachAppender(lines);
        assertThat(violations).as("every provider got its own key, never the client's, on its own API path")
                .isEmpty();
    }

    private NodeSdk.Client openAi() {
        return NodeSdk.openAi(gw.http().port("ai"), CLIENT_KEY);
    }

    private NodeSdk.Client anthropic() {
        return NodeSdk.anthropic(gw.http().port("ai"), CLIENT_KEY);
    }

    @Test
    void modelsListShowsTheThreeModelsAnsweredByTheGateway() throws Exception {
        NodeSdk.Outcome list = openAi().call("models", null);
        assertThat(list.ok()).as(list.stdout()).isTrue();
        List<String> ids = new ArrayList<>();
        list.result().path("data").forEach(m -> ids.add(m.path("id").asText()));
        assertThat(ids).as("each model once, in candidate order").containsExactly("gpt-4o", "gpt-4o-mini",
                "claude-sonnet-4");
        assertThat(list.result().path("data").path(0).path("owned_by").asText())
                .as("owned by the provider gpt-4o goes to first").isEqualTo("provider-a");

        NodeSdk.Outcome one = openAi().call("model", "{\"id\":\"claude-sonnet-4\"}");
        assertThat(one.ok()).as(one.stdout()).isTrue();
        assertThat(one.result().path("owned_by").asText()).isEqualTo("provider-c");
        assertThat(providers).as("no listing reaches a provider").allSatisfy(p -> assertThat(p.received()).isEmpty());
    }

    @Test
    void aChatCompletionGoesToProviderAWithItsOwnKeyAndIsCounted() throws Exception {
        NodeSdk.Outcome out = openAi().call("chat", CHAT.formatted("gpt-4o"));
        assertThat(out.ok()).as(out.stdout()).isTrue();
        assertThat(out.result().path("choices").path(0).path("message").path("content").asText())
                .as("gpt-4o goes to provider A first").isEqualTo(providerA.text());
        assertThat(out.result().path("usage").path("total_tokens").asLong()).isEqualTo(18);
        FakeAiProvider.Received request = providerA.received().getFirst();
        assertThat(request.header("authorization")).as("provider A's key from its file, not the client's")
                .isEqualTo("Bearer " + Files.readString(Examples.DIRECTORY.resolve("secrets/provider-a.key")));
        assertThat(request.header("x-request-id")).as("request_id's id goes upstream").isNotBlank();

        NodeSdk.Outcome mini = openAi().call("chat", CHAT.formatted("gpt-4o-mini"));
        assertThat(mini.ok()).as(mini.stdout()).isTrue();
        assertThat(mini.result().path("choices").path(0).path("message").path("content").asText())
                .as("gpt-4o-mini lives on provider B only").isEqualTo(providerB.text());
        assertThat(providerB.received()).hasSize(1);

        List<JsonNode> logged = accessLines(2);
        assertLogged(logged.get(0), "gpt-4o", "openai", providerA.jsonUsage());
        assertThat(logged.get(0).path("cluster").asText()).isEqualTo("provider-a");
        assertLogged(logged.get(1), "gpt-4o-mini", "openai", providerB.jsonUsage());
        metrics(tokens("openai", "gpt-4o", providerA.jsonUsage()),
                tokens("openai", "gpt-4o-mini", providerB.jsonUsage()));
    }

    @Test
    void aStreamedChatCompletionReachesTheSdkDeltaByDeltaAndIsCounted() throws Exception {
        CountDownLatch hold = providerA.holdNextStream();
        NodeSdk.Outcome out;
        try (NodeSdk.Streamed stream = openAi().stream("chat-stream", STREAM_CHAT.formatted("gpt-4o"))) {
            JsonNode first = stream.nextEvent();
            assertThat(first.path("choices").path(0).path("delta").path("content").asText())
                    .as("the first delta reached the SDK while provider A held the rest").isEqualTo("Hello");
            hold.countDown();
            out = stream.finish();
        }
        assertThat(out.ok()).as(out.stdout()).isTrue();
        assertThat(out.result().path("text").asText()).isEqualTo(providerA.text());
        assertThat(out.result().path("usage").path("total_tokens").asLong()).as("the include_usage chunk, as sent")
                .isEqualTo(providerA.streamUsage().total());

        assertLogged(accessLines(1).getFirst(), "gpt-4o", "openai", providerA.streamUsage());
        String metrics = metrics(tokens("openai", "gpt-4o", providerA.streamUsage()));
        assertThat(metrics).as("time_to_first_token timed the stream, labelled by its model")
                .containsPattern("(?m)^gen_ai_client_operation_time_to_first_chunk_seconds_count\\{"
                        + "gen_ai_provider_name=\"openai\",gen_ai_request_model=\"gpt-4o\"} 1(\\.0)?$");
    }

    @Test
    void whenProviderAFailsTheStreamComesFromProviderBWithBsKeyAndModelNameDeltaByDelta() throws Exception {
        providerA.failNext(503, "server_error", "The server is overloaded");
        CountDownLatch hold = providerB.holdNextStream();
        NodeSdk.Outcome out;
        try (NodeSdk.Streamed stream = openAi().stream("chat-stream", STREAM_CHAT.formatted("gpt-4o"))) {
            JsonNode first = stream.nextEvent();
            assertThat(first.path("choices").path(0).path("delta").path("content").asText())
                    .as("B's first delta reached the SDK while B held the rest").isEqualTo("Hello");
            hold.countDown();
            out = stream.finish();
        }
        assertThat(out.ok()).as("the SDK never saw A's 503: " + out.stdout()).isTrue();
        assertThat(out.result().path("text").asText()).isEqualTo(providerB.text());
        assertThat(providerA.received()).hasSize(1);
        assertThat(providerB.received()).hasSize(1);
        assertThat(providerB.received().getFirst().body().path("model").asText())
                .as("B's own name for gpt-4o (B refuses any other, see FakeAiProvider)").isEqualTo("gpt-4o-2024-11-20");

        JsonNode line = accessLines(1).getFirst();
        assertLogged(line, "gpt-4o", "openai", providerB.streamUsage());
        assertThat(line.path("cluster").asText()).as("the provider that answered").isEqualTo("provider-b");
        String metrics = metrics(tokens("openai", "gpt-4o", providerB.streamUsage()));
        assertThat(metrics).containsPattern("(?m)^jpraxis_model_failovers_total\\{.*reason=\"status\".*} 1(\\.0)?$");
    }

    @Test
    void aStreamWhoseClientAskedForNoUsageIsCountedToo() throws Exception {
        NodeSdk.Outcome out;
        try (NodeSdk.Streamed stream = openAi().stream("chat-stream", STREAM_CHAT_WITHOUT_USAGE.formatted("gpt-4o-mini"))) {
            out = stream.finish();
        }
        assertThat(out.ok()).as(out.stdout()).isTrue();
        assertThat(out.result().path("text").asText()).isEqualTo(providerB.text());
        assertThat(providerB.received().getFirst().body().path("stream_options").path("include_usage").asBoolean())
                .as("stream_usage_inject asked B for the usage").isTrue();
        assertThat(out.result().path("usage").path("total_tokens").asLong())
                .as("the client receives the usage chunk it did not ask for").isEqualTo(providerB.streamUsage().total());

        assertLogged(accessLines(1).getFirst(), "gpt-4o-mini", "openai", providerB.streamUsage());
        metrics(tokens("openai", "gpt-4o-mini", providerB.streamUsage()));
    }

    @Test
    void aMessageGoesToProviderCWithItsOwnKeyAndIsCounted() throws Exception {
        NodeSdk.Outcome out = anthropic().call("messages", MESSAGES.formatted("claude-sonnet-4"));
        assertThat(out.ok()).as(out.stdout()).isTrue();
        assertThat(out.result().path("content").path(0).path("text").asText()).isEqualTo(providerC.text());
        assertThat(out.result().path("usage").path("output_tokens").asLong()).isEqualTo(4);
        FakeAiProvider.Received request = providerC.received().getFirst();
        assertThat(request.header("x-api-key")).as("provider C's key in x-api-key")
                .isEqualTo(Files.readString(Examples.DIRECTORY.resolve("secrets/provider-c.key")));
        assertThat(request.header("anthropic-version")).as("the SDK's own headers pass").isNotBlank();

        assertLogged(accessLines(1).getFirst(), "claude-sonnet-4", "anthropic", providerC.jsonUsage());
        metrics(tokens("anthropic", "claude-sonnet-4", providerC.jsonUsage()));
    }

    @Test
    void aStreamedMessageReachesTheSdkEventByEventAndIsCounted() throws Exception {
        CountDownLatch hold = providerC.holdNextStream();
        NodeSdk.Outcome out;
        try (NodeSdk.Streamed stream = anthropic().stream("messages-stream", MESSAGES.formatted("claude-sonnet-4"))) {
            JsonNode event;
            do {
                event = stream.nextEvent();
            } while (!event.path("type").asText().equals("content_block_delta"));
            assertThat(event.path("delta").path("text").asText())
                    .as("the first delta reached the SDK while provider C held the rest").isEqualTo("Hello");
            hold.countDown();
            out = stream.finish();
        }
        assertThat(out.ok()).as(out.stdout()).isTrue();
        assertThat(out.result().path("text").asText()).isEqualTo(providerC.text());
        assertThat(out.result().path("usage").path("output_tokens").asLong()).isEqualTo(6);

        assertLogged(accessLines(1).getFirst(), "claude-sonnet-4", "anthropic", providerC.streamUsage());
        metrics(tokens("anthropic", "claude-sonnet-4", providerC.streamUsage()));
    }

    @Test
    void aClientWithoutTheKeyIsAnAuthenticationErrorInEachSdk() throws Exception {
        NodeSdk.SdkError o = NodeSdk.openAi(gw.http().port("ai"), "sk-not-the-key")
                .call("chat", CHAT.formatted("gpt-4o")).failure();
        assertThat(o.className()).isEqualTo("AuthenticationError");
        assertThat(o.status()).isEqualTo(401);
        assertThat(o.type()).isEqualTo("authentication_error");
        assertThat(o.code()).isEqualTo("invalid_api_key");
        assertThat(o.message()).isEqualTo("401 Invalid API key");
        assertThat(o.requestId()).as("request_id's X-Request-ID is the SDK's requestID").isNotBlank();

        NodeSdk.SdkError a = NodeSdk.anthropic(gw.http().port("ai"), "sk-not-the-key")
                .call("messages", MESSAGES.formatted("claude-sonnet-4")).failure();
        assertThat(a.className()).isEqualTo("AuthenticationError");
        assertThat(a.status()).isEqualTo(401);
        assertThat(a.type()).isEqualTo("authentication_error");
        assertThat(a.apiMessage()).isEqualTo("Invalid API key");

        NodeSdk.SdkError listing = NodeSdk.openAi(gw.http().port("ai"), "sk-not-the-key").call("models", null)
                .failure();
        assertThat(listing.status()).as("the model list is behind the key too").isEqualTo(401);

        HttpResponse<String> bare = Http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + gw.http().port("ai") + "/v1/chat/completions")).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(CHAT.formatted("gpt-4o"))).build());
        assertThat(bare.statusCode()).as("no key at all").isEqualTo(401);
        assertThat(JSON.readTree(bare.body()).path("error").path("code").asText()).isEqualTo("invalid_api_key");
        assertThat(providers).as("nothing reached a provider").allSatisfy(p -> assertThat(p.received()).isEmpty());
    }

    @Test
    void anUnknownModelIsANotFoundErrorForTheListingAndForACompletion() throws Exception {
        NodeSdk.SdkError retrieve = openAi().call("model", "{\"id\":\"nope\"}").failure();
        assertThat(retrieve.className()).isEqualTo("NotFoundError");
        assertThat(retrieve.status()).isEqualTo(404);
        assertThat(retrieve.type()).isEqualTo("invalid_request_error");
        assertThat(retrieve.code()).isEqualTo("model_not_found");
        assertThat(retrieve.apiMessage()).isEqualTo("The model 'nope' does not exist");

        NodeSdk.SdkError chat = openAi().call("chat", CHAT.formatted("nope")).failure();
        assertThat(chat.className()).isEqualTo("NotFoundError");
        assertThat(chat.status()).isEqualTo(404);
        assertThat(chat.type()).isEqualTo("invalid_request_error");
        assertThat(chat.code()).as("the same code as the listing's").isEqualTo("model_not_found");
        assertThat(chat.requestId()).isNotBlank();

        NodeSdk.SdkError message = anthropic().call("messages", MESSAGES.formatted("nope")).failure();
        assertThat(message.className()).isEqualTo("NotFoundError");
        assertThat(message.type()).isEqualTo("not_found_error");
        assertThat(providers).as("nothing reached a provider").allSatisfy(p -> assertThat(p.received()).isEmpty());
    }

    @Test
    void aProvidersOwnErrorReachesTheSdkAsTheProviderSentItAndCountsNoTokens() throws Exception {
        providerB.failNext(429, "rate_limit_error", "Rate limit reached for gpt-4o-mini");
        NodeSdk.SdkError e = openAi().call("chat", CHAT.formatted("gpt-4o-mini")).failure();
        assertThat(e.className()).isEqualTo("RateLimitError");
        assertThat(e.status()).isEqualTo(429);
        assertThat(e.type()).isEqualTo("rate_limit_error");
        assertThat(e.apiMessage()).as("relayed as it is, not re-rendered")
                .isEqualTo("Rate limit reached for gpt-4o-mini");

        providerC.failNext(500, "api_error", "Internal server error");
        NodeSdk.SdkError a = anthropic().call("messages", MESSAGES.formatted("claude-sonnet-4")).failure();
        assertThat(a.className()).isEqualTo("InternalServerError");
        assertThat(a.status()).isEqualTo(500);
        assertThat(a.type()).isEqualTo("api_error");
        assertThat(a.apiMessage()).isEqualTo("Internal server error");

        List<JsonNode> logged = accessLines(2);
        assertThat(logged).extracting(l -> l.path("status").asInt()).containsExactly(429, 500);
        assertThat(logged).as("an error answer has no usage to count")
                .allSatisfy(l -> assertThat(l.path("input_tokens").isNull()).isTrue());
        Pattern nonZeroCount = Pattern.compile("(?m)^gen_ai_client_token_usage_count\\{.*} (?!0(\\.0)?$)");
        assertThat(nonZeroCount.matcher(metrics()).find()).as("nor any token sample").isFalse();
    }

    @Test
    void theGrafanaDashboardFindsItsMetricsAfterAFlagshipRun() throws Exception {
        assertThat(openAi().call("chat", CHAT.formatted("gpt-4o-mini")).ok()).isTrue();
        CountDownLatch hold = providerA.holdNextStream();
        try (NodeSdk.Streamed stream = openAi().stream("chat-stream", STREAM_CHAT.formatted("gpt-4o"))) {
            stream.nextEvent();
            hold.countDown();
            assertThat(stream.finish().ok()).isTrue();
        }
        try (NodeSdk.Streamed stream = anthropic().stream("messages-stream", MESSAGES.formatted("claude-sonnet-4"))) {
            assertThat(stream.finish().ok()).isTrue();
        }
        accessLines(3);
        String metrics = metrics(tokens("openai", "gpt-4o-mini", providerB.jsonUsage()),
                tokens("openai", "gpt-4o", providerA.streamUsage()),
                tokens("anthropic", "claude-sonnet-4", providerC.streamUsage()));
        assertThat(GrafanaDashboard.missingFrom(metrics).stream()
                .filter(n -> !NOT_IN_THE_FLAGSHIP.matcher(n).matches()))
                .as("every metric the dashboard queries is on /metrics after SDK calls through the flagship:%n%s",
                        metrics)
                .isEmpty();
    }

    /**
     * The dashboard's panels for filters the flagship does not run (the iterative router's steps
     * and failovers, circuit breakers): GrafanaDashboardTest checks those after a failover run.
     */
    private static final Pattern NOT_IN_THE_FLAGSHIP = Pattern.compile("jpraxis_irr_.*|praxis_circuit_breaker_open");

    private static void assertLogged(JsonNode line, String model, String provider, Usage usage) {
        assertThat(line.path("model").asText()).as("the routed model on the access log").isEqualTo(model);
        assertThat(line.path("provider").asText()).isEqualTo(provider);
        assertThat(line.path("input_tokens").asLong()).as("what the provider reported").isEqualTo(usage.input());
        assertThat(line.path("output_tokens").asLong()).isEqualTo(usage.output());
        assertThat(line.path("total_tokens").asLong()).isEqualTo(usage.total());
        assertThat(line.path("request_id").asText()).as("request_id's id").isNotBlank();
        assertThat(line.path("status").asInt()).isEqualTo(200);
    }

    /** The access-log lines, once {@code count} were written (each after its exchange ended). */
    private List<JsonNode> accessLines(int count) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (lines.list.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(lines.list).as("one access-log line per request").hasSize(count);
        List<JsonNode> out = new ArrayList<>();
        for (ILoggingEvent e : lines.list) {
            out.add(JSON.readTree(e.getFormattedMessage()));
        }
        return out;
    }

    /**
     * The admin {@code /metrics}, once every one of {@code expected} shows its counts: the meters are
     * recorded when an exchange ends, just after its last byte went out.
     */
    private String metrics(Expected... expected) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        String body;
        do {
            body = Http.get(URI.create("http://127.0.0.1:" + gw.adminPort(AdminSurface.ADMIN).orElseThrow()
                    + "/metrics")).body();
        } while (!allShown(body, expected) && System.nanoTime() < deadline && sleep());
        for (Expected e : expected) {
            assertThat(tokenSum(body, e.provider(), e.model(), "input")).as("%s input tokens on /metrics", e.model())
                    .isEqualTo(e.usage().input());
            assertThat(tokenSum(body, e.provider(), e.model(), "output")).as("%s output tokens on /metrics", e.model())
                    .isEqualTo(e.usage().output());
        }
        return body;
    }

    /** The token counts one provider reported for one model, as /metrics should show them. */
    private record Expected(String provider, String model, Usage usage) {
    }

    private static Expected tokens(String provider, String model, Usage usage) {
        return new Expected(provider, model, usage);
    }

    private static boolean allShown(String metrics, Expected... expected) {
        for (Expected e : expected) {
            if (sum(metrics, e.provider(), e.model(), "input") != e.usage().input()
                    || sum(metrics, e.provider(), e.model(), "output") != e.usage().output()) {
                return false;
            }
        }
        return true;
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(20);
        return true;
    }

    private static double tokenSum(String metrics, String provider, String model, String type) {
        double sum = sum(metrics, provider, model, type);
        assertThat(sum).as("%s %s %s tokens in:%n%s", provider, model, type, metrics).isNotNegative();
        return sum;
    }

    /** The series' value, or -1 when /metrics has no such series. */
    private static double sum(String metrics, String provider, String model, String type) {
        Matcher m = Pattern.compile("(?m)^gen_ai_client_token_usage_sum\\{gen_ai_provider_name=\"" + provider
                + "\",gen_ai_request_model=\"" + Pattern.quote(model) + "\",gen_ai_token_type=\"" + type
                + "\"} ([0-9.E+-]+)$").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : -1;
    }
}
