package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestClock;
import io.jpraxis.testkit.TestOrigin;
import io.jpraxis.testkit.TestTls;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.LoggerFactory;

/** Every example validates, has an end-to-end test below, and behaves as its comments say. */
class ExamplesTest {
    /** A version-00 traceparent with non-zero ids. */
    private static final String TRACEPARENT = "00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-0[01]";
    /**
     * Examples with an end-to-end test in this class or in their own {@code *ExampleTest} class (named
     * here); a new example must be added here.
     */
    private static final Set<String> END_TO_END = Set.of(
            ApiKeyAuthExampleTest.EXAMPLE, AuthorizationCalloutExampleTest.EXAMPLE, CircuitBreakerExampleTest.EXAMPLE,
            HedgedRequestsExampleTest.EXAMPLE, AiGatewayExampleTest.EXAMPLE,
            "basic-reverse-proxy.yaml", "body-routing.yaml", "bound-upstream-condition.yaml",
            CompressionExampleTest.EXAMPLE, BoundUpstreamDispatchExampleTest.EXAMPLE, "branch-chains.yaml",
            EndpointSelectorExampleTest.EXAMPLE,
            "health-checked-cluster.yaml", ForwardedHeadersExampleTest.EXAMPLE, GuardrailsExampleTest.EXAMPLE,
            CorsExampleTest.EXAMPLE, CsrfExampleTest.EXAMPLE, StickySessionsExampleTest.EXAMPLE,
            "intelligent-route-inference.yaml", JsonBodyExampleTest.EXAMPLE, JsonRpcExampleTest.EXAMPLE,
            "intelligent-route-overlay.yaml", HashBalancingExampleTest.EXAMPLE, IpAclExampleTest.EXAMPLE,
            JwtAuthExampleTest.EXAMPLE, ModelCatalogExampleTest.EXAMPLE, "path-routing.yaml", PathRewriteExampleTest.EXAMPLE,
            ProviderFailoverExampleTest.EXAMPLE, ProviderGatewayExampleTest.EXAMPLE, "rate-limiting.yaml", "redirect.yaml",
            "sse-streaming.yaml", TokenCountExampleTest.EXAMPLE, TokenRateLimitExampleTest.EXAMPLE,
            "static-response.yaml", "upstream-tls.yaml", UrlRewriteExampleTest.EXAMPLE, BasicAuthExampleTest.EXAMPLE,
            ProviderModelRewriteExampleTest.EXAMPLE, TlsExamplesTest.HTTPS_GATEWAY, TlsExamplesTest.MTLS_WORKERS,
            TlsExamplesTest.PEER_IDENTITY,
            EdgeProtocolExamplesTest.WEBSOCKET, EdgeProtocolExamplesTest.GRPC_UPSTREAM,
            PriorityFailoverExampleTest.EXAMPLE);

    static Iterable<String> examples() {
        return Examples.names();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void validates(String name) {
        CompileResult result = new GatewayBuilder(Examples.features(name), RuntimeServices.system())
                .build(Examples.read(name));
        assertThat(result.diagnostics().errors()).as(name).isEmpty();
        assertThat(result.ok()).isTrue();
        result.gateway().close();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void anExampleNeedingAFeatureIsRefusedWithoutIt(String name) {
        FeatureSet features = Examples.features(name);
        if (features.isEmpty()) {
            return;
        }
        CompileResult result = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system()).build(Examples.read(name));
        assertThat(result.ok()).as(name + " without --features " + features).isFalse();
        // A feature that implies another (iterative-request-router, upstream-binding) is one the example
        // needs too, so a refusal may name either.
        assertThat(result.diagnostics().errors()).as("each refusal names a feature to enable")
                .allSatisfy(d -> assertThat(features.list()).anySatisfy(
                        f -> assertThat(d.render()).contains("--features " + f.cliName())));
    }

    @Test
    void everyExampleHasAnEndToEndTest() {
        assertThat(Examples.names()).as("examples/ must not be empty").isNotEmpty();
        assertThat(END_TO_END).as("each example file needs an end-to-end test in ExamplesTest or its own *ExampleTest")
                .containsExactlyInAnyOrderElementsOf(Examples.names());
    }

    @Test
    void basicReverseProxySpreadsThreeToOne() throws Exception {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b");
                RunningGateway gw = RunningGateway.start(Examples.adapted("basic-reverse-proxy.yaml",
                        Map.of("127.0.0.1:3001", a.address(), "127.0.0.1:3002", b.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            Map<String, Integer> counts = new TreeMap<>();
            for (int i = 0; i < 400; i++) {
                RawResponse r = conn.get("/any/" + i);
                assertThat(r.status()).isEqualTo(200);
                counts.merge(EchoResponse.parse(r.body()).origin(), 1, Integer::sum);
            }
            assertThat(counts).containsExactlyInAnyOrderEntriesOf(Map.of("a", 300, "b", 100));
        }
    }

    @Test
    void bodyRoutingSendsEachModelToItsClusterAndTagsTheLargeOnes() throws Exception {
        try (TestOrigin large = TestOrigin.start("large"); TestOrigin small = TestOrigin.start("small");
                RunningGateway gw = RunningGateway.start(Examples.adapted("body-routing.yaml",
                        Map.of("127.0.0.1:3001", large.address(), "127.0.0.1:3002", small.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String llama = "{\"model\":\"llama-70b\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
            EchoResponse toLarge = postJson(conn, "/v1/chat/completions", llama, "X-Model: mini").echo();
            assertThat(toLarge.origin()).as("routed on the body's model").isEqualTo("large");
            assertThat(toLarge.header("x-model")).as("promoted; the client's own X-Model was dropped")
                    .isEqualTo("llama-70b");
            assertThat(toLarge.header("x-model-tier")).as("the branch fired on the result").isEqualTo("large");
            assertThat(toLarge.hasHeader("x-praxis-model")).isFalse();
            assertThat(toLarge.bodyBytes()).as("the body goes on unchanged").isEqualTo(llama.length());

            EchoResponse toSmall = postJson(conn, "/v1/chat/completions", "{\"model\":\"mini\"}").echo();
            assertThat(toSmall.origin()).isEqualTo("small");
            assertThat(toSmall.hasHeader("x-model-tier")).isFalse();
            assertThat(EchoResponse.parse(conn.get("/v1/models").body()).origin()).as("no body: the default route")
                    .isEqualTo("small");

            RawResponse tooLarge = postJson(conn, "/v1/chat/completions",
                    "{\"model\":\"llama-70b\",\"pad\":\"" + "x".repeat(70_000) + "\"}");
            assertThat(tooLarge.status()).as("over max_body_bytes").isEqualTo(413);
            assertThat(large.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void boundUpstreamConditionMarksOnlyResponsesBoundToTheOpenaiTaggedCluster() throws Exception {
        try (TestOrigin openai = TestOrigin.start("openai"); TestOrigin generic = TestOrigin.start("generic");
                RunningGateway gw = RunningGateway.start(Examples.adapted("bound-upstream-condition.yaml",
                        Map.of("127.0.0.1:3001", openai.address(), "127.0.0.1:3002", generic.address())),
                        Examples.features("bound-upstream-condition.yaml"));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse bound = conn.get("/openai/v1/chat/completions");
            assertThat(bound.status()).isEqualTo(200);
            assertThat(bound.echo().origin()).isEqualTo("openai");
            assertThat(bound.header("x-bound-provider")).as("bound to openai_backend, whose tags match")
                    .isEqualTo("openai");

            RawResponse untagged = conn.get("/anything");
            assertThat(untagged.echo().origin()).isEqualTo("generic");
            assertThat(untagged.header("x-bound-provider")).as("the untagged catch-all skips the filter").isNull();

            RawResponse upperCase = conn.get("/OPENAI/x");
            assertThat(upperCase.echo().origin()).as("paths match case-sensitively: the catch-all").isEqualTo("generic");
            assertThat(upperCase.header("x-bound-provider")).isNull();
        }
        assertThat(Examples.features("bound-upstream-condition.yaml").has(Feature.UPSTREAM_BINDING)).isTrue();
    }

    private static RawResponse postJson(RawHttpConnection conn, String path, String json, String... headerLines)
            throws java.io.IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: models\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        head.append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n\r\n");
        conn.send(head.toString()).send(body);
        return conn.readResponse();
    }

    @Test
    void branchChainsAnswerFromABranchSkipToTheRouterAndGoRoundTwice() throws Exception {
        try (TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = RunningGateway.start(Examples.adapted("branch-chains.yaml",
                        Map.of("127.0.0.1:3001", app.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse admin = conn.get("/admin/users");
            assertThat(admin.status()).as("the terminal branch answers").isEqualTo(503);
            assertThat(admin.bodyText()).isEqualTo("admin is down for maintenance\n");
            assertThat(app.requestCount()).as("nothing after the terminal branch ran").isZero();

            conn.send("GET /status HTTP/1.1\r\nHost: shop\r\nX-Health-Probe: 1\r\n\r\n");
            EchoResponse probe = EchoResponse.parse(conn.readResponse().body());
            assertThat(probe.header("x-branch-trail")).as("tagged by the named chain").isEqualTo("tagged");
            assertThat(probe.hasHeader("x-internal-checks")).as("the internal chain was skipped").isFalse();

            EchoResponse twice = EchoResponse.parse(conn.get("/twice").body());
            assertThat(twice.header("x-branch-trail")).as("max_iterations: 2 passes through the branch")
                    .isEqualTo("tagged, tagged");
            assertThat(twice.header("x-internal-checks")).isEqualTo("passed");

            EchoResponse plain = EchoResponse.parse(conn.get("/page").body());
            assertThat(plain.hasHeader("x-branch-trail")).as("no branch ran").isFalse();
            assertThat(plain.header("x-internal-checks")).isEqualTo("passed");
            assertThat(app.requestCount()).isEqualTo(3);
        }
    }

    @Test
    void intelligentRouteInferenceSendsEachModelToItsCluster() throws Exception {
        try (TestOrigin large = TestOrigin.start("large"); TestOrigin small = TestOrigin.start("small");
                TestOrigin east = TestOrigin.start("east");
                RunningGateway gw = RunningGateway.start(Examples.adapted("intelligent-route-inference.yaml", Map.of(
                        "127.0.0.1:3001", large.address(), "127.0.0.1:3002", small.address(),
                        "127.0.0.1:3003", east.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 3; i++) {
                assertThat(ModelToHeaderEndToEndTest.post(conn, "{\"model\": \"llama-70b\", \"messages\": []}")
                        .echo().origin()).as("the first listed candidate").isEqualTo("large");
                EchoResponse mistral = ModelToHeaderEndToEndTest.post(conn,
                        "{\"messages\": [], \"model\": \"mistral-7b\"}", "X-Model: llama-70b").echo();
                assertThat(mistral.origin()).as("the body's model wins over a client's X-Model").isEqualTo("small");
                assertThat(mistral.headerValues("x-model")).containsExactly("mistral-7b");
            }
            RawResponse unknown = ModelToHeaderEndToEndTest.post(conn, "{\"model\": \"gpt-9\"}");
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(unknown.bodyText()).as("a chat completion's error in OpenAI's shape")
                    .isEqualTo("{\"error\":{\"message\":\"no eligible candidate for the requested model\","
                            + "\"type\":\"invalid_request_error\",\"param\":null,\"code\":\"model_not_found\"}}");
            assertThat(ModelToHeaderEndToEndTest.post(conn, "{\"model\": \"" + "m".repeat(300) + "\"}").status())
                    .as("an oversized model name").isEqualTo(400);
            RawResponse noModel = ModelToHeaderEndToEndTest.post(conn, "{\"messages\": []}", "X-Model: llama-70b");
            assertThat(noModel.status()).as("no model in the body, no cluster, whatever the client's header says: "
                    + "the client's fault").isEqualTo(400);
            assertThat(noModel.bodyText()).as("the field named, as OpenAI's param")
                    .contains("\"param\":\"model\"").contains("\"code\":\"missing_required_parameter\"");
            assertThat(IntelligentRouteTest.send(conn, "/v1/models", "X-Model: llama-70b").status())
                    .as("no body at all").isEqualTo(500);
            assertThat(east.requestCount()).isZero();
        }
    }

    @Test
    void intelligentRouteOverlayTakesTurnsInGroupZeroAndKeepsSessions() throws Exception {
        try (TestOrigin gpu1 = TestOrigin.start("gpu-1"); TestOrigin gpu2 = TestOrigin.start("gpu-2");
                TestOrigin cloud = TestOrigin.start("cloud");
                RunningGateway gw = RunningGateway.start(Examples.adapted("intelligent-route-overlay.yaml", Map.of(
                        "127.0.0.1:3001", gpu1.address(), "127.0.0.1:3002", gpu2.address(),
                        "127.0.0.1:3003", cloud.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            Map<String, Integer> turns = new TreeMap<>();
            for (int i = 0; i < 10; i++) {
                EchoResponse echo = IntelligentRouteTest.send(conn, "/v1/chat/completions", "X-Model: chat-model")
                        .echo();
                assertThat(echo.header("x-routed-cluster")).isEqualTo("hub-" + echo.origin());
                turns.merge(echo.origin(), 1, Integer::sum);
            }
            assertThat(turns).as("round robin in group 0; the cloud is a fallback")
                    .containsExactlyInAnyOrderEntriesOf(Map.of("gpu-1", 5, "gpu-2", 5));
            for (String session : new String[] {"X-Session-Id: alice", "Cookie: session=bob"}) {
                Set<String> origins = new java.util.HashSet<>();
                for (int i = 0; i < 10; i++) {
                    origins.add(IntelligentRouteTest.send(conn, "/v1/chat/completions", "X-Model: chat-model",
                            session).echo().origin());
                }
                assertThat(origins).as(session + " stays on one GPU").hasSize(1);
            }
            assertThat(cloud.requestCount()).isZero();
        }
    }

    @Test
    void pathRoutingSendsEachPathToItsClusterAndMarksApi() throws Exception {
        try (TestOrigin api = TestOrigin.start("api"); TestOrigin docs = TestOrigin.start("docs");
                TestOrigin web = TestOrigin.start("web");
                RunningGateway gw = RunningGateway.start(Examples.adapted("path-routing.yaml", Map.of(
                        "127.0.0.1:3001", api.address(), "127.0.0.1:3002", docs.address(),
                        "127.0.0.1:3003", web.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /api/users HTTP/1.1\r\nHost: shop.example.com\r\n\r\n");
            RawResponse apiResponse = conn.readResponse();
            EchoResponse apiEcho = EchoResponse.parse(apiResponse.body());
            assertThat(apiEcho.origin()).isEqualTo("api");
            assertThat(apiEcho.header("x-route")).as("request_set on the api path").isEqualTo("api");
            assertThat(apiResponse.header("x-served-by")).isEqualTo("api-cluster");

            conn.send("GET /intro HTTP/1.1\r\nHost: docs.example.com\r\n\r\n");
            RawResponse docsResponse = conn.readResponse();
            assertThat(EchoResponse.parse(docsResponse.body()).origin()).isEqualTo("docs");
            assertThat(docsResponse.header("x-served-by")).as("headers filter skipped off /api").isNull();

            conn.send("GET /intro HTTP/1.1\r\nHost: shop.example.com\r\n\r\n");
            EchoResponse webEcho = EchoResponse.parse(conn.readResponse().body());
            assertThat(webEcho.origin()).isEqualTo("web");
            assertThat(webEcho.hasHeader("x-route")).isFalse();
        }
    }

    @Test
    void rateLimitingGivesEachClientTenThenFiveASecondAndTracesTheOrigin() throws Exception {
        TestClock clock = new TestClock(); // frozen unless the test moves it: no refill while requests run
        RuntimeServices services = new RuntimeServices(clock, new SplittableRandom(1), IdGenerator.random());
        try (TestOrigin api = TestOrigin.start("api");
                RunningGateway gw = RunningGateway.start(Examples.adapted("rate-limiting.yaml",
                        Map.of("127.0.0.1:3001", api.address())), services);
                RawHttpConnection first = RawHttpConnection.open(gw.port());
                RawHttpConnection second = RawHttpConnection.openFrom(InetAddress.getByName("127.0.0.2"), gw.port())) {
            for (int i = 9; i >= 0; i--) {
                RawResponse r = first.get("/items");
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.header("x-ratelimit-remaining")).as("the client's own budget").isEqualTo("" + i);
                String traceparent = r.echo().header("traceparent");
                assertThat(traceparent).as("a new trace for a client that sent none").matches(TRACEPARENT);
            }
            RawResponse refused = first.get("/items");
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.header("x-ratelimit-limit")).isEqualTo("10");
            assertThat(refused.header("x-ratelimit-remaining")).isEqualTo("0");
            assertThat(refused.header("x-ratelimit-reset")).as("the next token in 200 ms: that second, as a Unix time")
                    .isEqualTo(Long.toString(clock.instant().getEpochSecond() + 1));
            assertThat(refused.header("retry-after")).isEqualTo("1");
            assertThat(refused.bodyText()).endsWith(",\"detail\":\"rate limit exceeded\"}");
            assertThat(api.requestCount()).as("the refused request never reached the origin").isEqualTo(10);

            assertThat(second.get("/items").status()).as("another client address has its own budget").isEqualTo(200);

            clock.advance(Duration.ofSeconds(1));
            int passed = 0;
            while (first.get("/items").status() == 200) {
                passed++;
            }
            assertThat(passed).as("five tokens a second").isEqualTo(5);
        }
    }

    @Test
    void staticResponseAnswersHealthRedirectsAndNotFound() {
        try (RunningGateway gw = RunningGateway.start(Examples.adapted("static-response.yaml", Map.of()))) {
            HttpResponse<String> health = Http.get(gw.uri("/healthz"));
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).isEqualTo("ok\n");

            HttpResponse<String> moved = Http.get(gw.uri("/old/page?x=1"));
            assertThat(moved.statusCode()).isEqualTo(308);
            assertThat(moved.headers().firstValue("location")).hasValue("/new?x=1");

            HttpResponse<String> missing = Http.get(gw.uri("/nothing"));
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(missing.body()).contains("not found");
        }
    }

    @Test
    void redirectSendsOwnHostsToHttpsAndRefusesOthers() throws Exception {
        try (RunningGateway gw = RunningGateway.start(Examples.adapted("redirect.yaml", Map.of()));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /a/b?c=1 HTTP/1.1\r\nHost: www.example.com:8080\r\n\r\n");
            RawResponse sub = conn.readResponse();
            assertThat(sub.status()).isEqualTo(301);
            assertThat(sub.header("location")).as("host without port, path and query kept")
                    .isEqualTo("https://www.example.com/a/b?c=1");

            conn.send("GET / HTTP/1.1\r\nHost: example.com\r\n\r\n");
            assertThat(conn.readResponse().header("location")).as("*.example.com also matches the bare domain")
                    .isEqualTo("https://example.com/");

            conn.send("GET /login HTTP/1.1\r\nHost: evil.example.net\r\n\r\n");
            RawResponse foreign = conn.readResponse();
            assertThat(foreign.status()).as("no open redirect to a host outside allowed_hosts").isEqualTo(400);
            assertThat(foreign.header("location")).isNull();
        }
    }

    @Test
    void sseStreamingFlushesEachEventAndLogsTheExchangeUnderItsRequestId() throws Exception {
        Logger accessLog = (Logger) LoggerFactory.getLogger("jpraxis.access");
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        accessLog.addAppender(lines);
        try (TestOrigin models = TestOrigin.start("models");
                RunningGateway gw = RunningGateway.start(Examples.adapted("sse-streaming.yaml",
                        Map.of("127.0.0.1:3001", models.address())));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            conn.send("GET /v1/chat/completions HTTP/1.1\r\nHost: llm\r\nAccept: text/event-stream\r\n"
                    + OriginCommands.EVENTS + ": 2\r\n\r\n");
            RawResponse head = conn.readResponseHead();
            assertThat(head.status()).isEqualTo(200);
            String requestId = head.header("x-request-id");
            assertThat(requestId).as("request_id sets an id and echoes it").isNotBlank();
            String first = "id: 0\ndata: event 0\n\n";
            StringBuilder seen = new StringBuilder();
            while (seen.length() < first.length()) {
                seen.append(new String(conn.readChunk(), StandardCharsets.UTF_8));
            }
            assertThat(seen.toString()).as("the first token event arrives while the model still holds the next")
                    .isEqualTo(first);
            models.releaseHeldEvents();
            byte[] chunk;
            while ((chunk = conn.readChunk()).length > 0) {
                seen.append(new String(chunk, StandardCharsets.UTF_8));
            }
            assertThat(seen.toString()).isEqualTo(first + "id: 1\ndata: event 1\n\n");
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (lines.list.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(lines.list).as("one access-log line for the stream").hasSize(1);
            assertThat(lines.list.getFirst().getFormattedMessage())
                    .contains("\"request_id\":\"" + requestId + "\"", "\"status\":200", "\"cluster\":\"models\"");
        } finally {
            accessLog.detachAppender(lines);
        }
    }

    @Test
    void healthCheckedClusterEjectsAFailingOriginRestoresItAndReportsReadiness() throws Exception {
        String yaml = Examples.adapted("health-checked-cluster.yaml", Map.of(
                        "127.0.0.1:3001", "A_ADDRESS", "127.0.0.1:3002", "B_ADDRESS", "127.0.0.1:9901", "127.0.0.1:0"))
                // Faster probes than the example's, so the test takes seconds.
                .replace("interval_ms: 1000", "interval_ms: 150").replace("timeout_ms: 500", "timeout_ms: 120");
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b")) {
            yaml = yaml.replace("A_ADDRESS", a.address()).replace("B_ADDRESS", b.address());
            RuntimeServices services = RuntimeServices.system();
            FilterRegistry registry = FilterRegistry.withBuiltIns(GatewayFilters.all());
            CompileResult compiled = new GatewayBuilder(FeatureSet.NONE, services, registry).build(yaml);
            assertThat(compiled.diagnostics().errors()).isEmpty();
            ServingGateway gw = ServingGateway.start(compiled.gateway(), services, registry);
            try (RawHttpConnection conn = RawHttpConnection.open(gw.http().boundAddresses().get("public").getPort())) {
                URI ready = URI.create("http://127.0.0.1:" + gw.adminPort(AdminSurface.ADMIN).orElseThrow() + "/ready");
                assertThat(Http.get(ready).statusCode()).as("ready while both endpoints are healthy").isEqualTo(200);

                b.failWith(TestOrigin.Failure.RESET);
                assertThat(eventually(() -> onlyOrigin(conn, "a"))).as("b ejected after 3 failed probes").isTrue();

                a.failWith(TestOrigin.Failure.RESET);
                assertThat(eventually(() -> Http.get(ready).statusCode() == 503))
                        .as("/ready is 503 while the cluster has no healthy endpoint").isTrue();

                a.failWith(null);
                b.failWith(null);
                assertThat(eventually(() -> Http.get(ready).statusCode() == 200)).as("ready again").isTrue();
                assertThat(eventually(() -> onlyOrigin(conn, "b") || servedBoth(conn)))
                        .as("b restored after 2 good probes and back in rotation").isTrue();
            } finally {
                gw.shutdown(Duration.ofSeconds(2));
            }
        }
    }

    private static boolean onlyOrigin(RawHttpConnection conn, String name) {
        try {
            for (int i = 0; i < 10; i++) {
                RawResponse r = conn.get("/probe-traffic");
                if (r.status() != 200 || !name.equals(r.header(OriginCommands.ORIGIN_NAME))) {
                    return false;
                }
            }
            return true;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean servedBoth(RawHttpConnection conn) {
        java.util.Set<String> seen = new java.util.TreeSet<>();
        try {
            for (int i = 0; i < 12; i++) {
                seen.add(conn.get("/probe-traffic").header(OriginCommands.ORIGIN_NAME));
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return seen.containsAll(Set.of("a", "b"));
    }

    private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    @Test
    void upstreamTlsVerifiesTheOriginAgainstItsTrustAndSendsSni() throws Exception {
        try (TestOrigin provider = TestOrigin.builder("provider").tls().start()) {
            String yaml = Examples.adapted("upstream-tls.yaml", Map.of("api.openai.com:443", provider.address()))
                    .replace("sni: \"api.openai.com\"", "sni: \"localhost\"")
                    + "\ninsecure_options:\n  allow_private_endpoints: true\n";
            try (RunningGateway gw = RunningGateway.start(yaml.replace("verify: true",
                    "verify: true\n              ca: {ca_path: \"" + TestTls.file(TestTls.CA) + "\"}"));
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse r = conn.get("/v1/models");
                assertThat(r.status()).as("trusted origin over TLS").isEqualTo(200);
                EchoResponse echo = EchoResponse.parse(r.body());
                assertThat(echo.origin()).isEqualTo("provider");
                assertThat(echo.header("host")).as("http.authority is the upstream Host").isEqualTo("api.openai.com");
            }
            try (RunningGateway gw = RunningGateway.start(yaml);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                assertThat(conn.get("/v1/models").status())
                        .as("the test CA is not in the system trust store: verification refuses the origin")
                        .isEqualTo(502);
            }
        }
    }
}
