package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.server.reload.HotReload;
import io.jpraxis.server.reload.ReloadOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/bound-upstream-dispatch.yaml} end to end (see
 * docs/behaviour/binding.md#example-bound-dispatch): one binding router, a direct branch for the
 * OpenAI-tagged cluster and the gateway path (marker and IRR) for the rest, with real origins
 * standing for the two backends. Every request must reach exactly one origin, once.
 */
class BoundUpstreamDispatchExampleTest {
    static final String EXAMPLE = "bound-upstream-dispatch.yaml";
    private static final String MARKER = "x-gateway-processed";
    /** One byte over the IRR's max_state_bytes, the pipeline-wide pre-read cap. */
    private static final int OVER_CAP = 65_537;

    private TestOrigin openai;
    private TestOrigin chat;
    private RunningGateway gw;

    @BeforeEach
    void start() {
        openai = TestOrigin.start("openai");
        chat = TestOrigin.start("chat");
        gw = RunningGateway.start(Examples.adapted(EXAMPLE,
                Map.of("127.0.0.1:3001", openai.address(), "127.0.0.1:3002", chat.address())),
                Examples.features(EXAMPLE));
    }

    @AfterEach
    void stop() {
        gw.close();
        openai.close();
        chat.close();
    }

    @Test
    void needsTheIterativeRequestRouterFeature() {
        assertThat(Examples.features(EXAMPLE).has(Feature.ITERATIVE_REQUEST_ROUTER)).isTrue();
    }

    @Test
    void providerPathIsDispatchedDirectlyAndEverythingElseThroughTheIrr() throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse direct = conn.get("/openai/v1/responses");
            assertThat(direct.status()).isEqualTo(200);
            assertThat(direct.echo().origin()).isEqualTo("openai");
            assertThat(direct.header(MARKER)).as("the terminal branch skips the marker and the IRR").isNull();
            assertHits(1, 0);

            RawResponse gateway = conn.get("/v1/chat/completions");
            assertThat(gateway.status()).isEqualTo(200);
            EchoResponse echo = gateway.echo();
            assertThat(echo.origin()).isEqualTo("chat");
            assertThat(gateway.header(MARKER)).as("the marker's response hook runs on the IRR's answer")
                    .isEqualTo("true");
            assertThat(echo.header("x-praxis-iterative-depth")).as("sent as an IRR sub-request").isEqualTo("1");
            assertThat(echo.header("host")).as("the step's request starts empty; Host is the destination's")
                    .isEqualTo(chat.address());
            assertHits(1, 1);
        }
    }

    @Test
    void routesOnPathSegmentsCaseSensitivelyIgnoringTheQuery() throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse bare = conn.get("/openai");
            assertThat(bare.echo().origin()).as("/openai/ matches /openai at a segment boundary").isEqualTo("openai");
            assertThat(bare.header(MARKER)).isNull();

            RawResponse query = conn.get("/openai/v1/responses?stream=false");
            assertThat(query.echo().origin()).as("the query plays no part in matching").isEqualTo("openai");
            assertThat(query.echo().uri()).as("and goes on unchanged").isEqualTo("/openai/v1/responses?stream=false");
            assertHits(2, 0);

            RawResponse upper = conn.get("/OPENAI/v1/responses");
            assertThat(upper.echo().origin()).as("paths match case-sensitively: the catch-all").isEqualTo("chat");
            assertThat(upper.header(MARKER)).isEqualTo("true");
            assertHits(2, 1);
        }
    }

    @Test
    void bindingsNeverLeakAcrossKeepAliveRequests() throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            for (int i = 0; i < 3; i++) {
                RawResponse direct = conn.get("/openai/v1/responses/" + i);
                assertThat(direct.echo().origin()).as("request %d on the connection binds afresh", 2 * i)
                        .isEqualTo("openai");
                assertThat(direct.header(MARKER)).isNull();
                RawResponse viaIrr = conn.get("/v1/chat/completions/" + i);
                assertThat(viaIrr.echo().origin()).as("request %d is not bound to the previous cluster", 2 * i + 1)
                        .isEqualTo("chat");
                assertThat(viaIrr.header(MARKER)).isEqualTo("true");
            }
            assertHits(3, 3);
        }
    }

    @Test
    void headThroughTheIrrAnswersWithoutABodyAndTheOriginsLength() throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            int getLength = conn.get("/v1/chat/completions").body().length;

            conn.send("HEAD /v1/chat/completions HTTP/1.1\r\nHost: test\r\n\r\n");
            RawResponse head = conn.readResponse(true);
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header(MARKER)).isEqualTo("true");
            assertThat(head.header("content-length")).as("the origin's echo of a HEAD, whose method name is one "
                    + "byte longer than GET's; not the empty body's 0").isEqualTo(Integer.toString(getLength + 1));
            assertThat(head.header("transfer-encoding")).isNull();

            RawResponse after = conn.get("/v1/chat/completions");
            assertThat(after.status()).as("no body followed the HEAD answer, so the connection is still in step")
                    .isEqualTo(200);
            assertThat(after.echo().method()).isEqualTo("GET");
            assertHits(0, 3);
        }
    }

    @Test
    void bodiesOverTheIrrStateCapAre413OnBothPaths() throws Exception {
        for (String path : new String[] {"/openai/v1/responses", "/v1/chat/completions"}) {
            try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                conn.send("POST " + path + " HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                        + "Content-Length: " + OVER_CAP + "\r\n\r\n").send(new byte[OVER_CAP]);
                assertThat(conn.readResponse().status()).as("%s: the pipeline-wide 64 KiB pre-read cap", path)
                        .isEqualTo(413);
            }
            try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                conn.send("POST " + path + " HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + Integer.toHexString(OVER_CAP) + "\r\n").send(new byte[OVER_CAP]).send("\r\n0\r\n\r\n");
                assertThat(conn.readResponse().status()).as("%s, chunked: the cap holds without a length", path)
                        .isEqualTo(413);
            }
        }
        assertHits(0, 0);

        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse atCap = post(conn, "/openai/v1/responses", OVER_CAP - 1);
            assertThat(atCap.status()).as("65,536 bytes fit the pre-read").isEqualTo(200);
            assertThat(atCap.echo().bodyBytes()).isEqualTo(OVER_CAP - 1);
            // The IRR's state is the step's request and response bodies together, so its path needs room
            // for the origin's echo as well.
            RawResponse viaIrr = post(conn, "/v1/chat/completions", 60_000);
            assertThat(viaIrr.status()).isEqualTo(200);
            assertThat(viaIrr.echo().bodyBytes()).as("the IRR resends the whole pre-read body").isEqualTo(60_000);
            assertHits(1, 1);
            assertThat(post(conn, "/v1/chat/completions", OVER_CAP - 1).status())
                    .as("65,536 bytes plus the answer exceed the IRR's state").isEqualTo(413);
        }
    }

    private static RawResponse post(RawHttpConnection conn, String path, int bytes) throws IOException {
        conn.send("POST " + path + " HTTP/1.1\r\nHost: test\r\nContent-Length: " + bytes + "\r\n\r\n")
                .send(new byte[bytes]);
        return conn.readResponse();
    }

    @Test
    void deadProviderBackendIs502WithNoFallbackToTheIrr() throws Exception {
        openai.close();
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = conn.get("/openai/v1/responses");
            assertThat(r.status()).isEqualTo(502);
            assertThat(r.header(MARKER)).as("the direct path never reaches the gateway path").isNull();
        }
        assertThat(chat.requestCount()).as("no fallback to chat_backend").isZero();
    }

    @Test
    void hotReloadMovingTheProviderPrefixRebindsAccordingly(@TempDir Path dir) throws Exception {
        String yaml = Examples.adapted(EXAMPLE,
                Map.of("127.0.0.1:3001", openai.address(), "127.0.0.1:3002", chat.address()));
        Path file = Files.writeString(dir.resolve("gateway.yaml"), yaml);
        GatewayBuilder builder = new GatewayBuilder(Examples.features(EXAMPLE), RuntimeServices.system());
        ConfigSource source = new ConfigSource(file, file.toString());
        GatewayBuilder.Built built = builder.buildRevision(source, Instant.now());
        assertThat(built.result().diagnostics().errors()).isEmpty();
        ServingGateway serving = ServingGateway.start(built.result().gateway(), built.revision(), builder.services(),
                builder.registry());
        try (HotReload reload = HotReload.start(source, builder, serving)) {
            int port = serving.http().port("default");
            try (RawHttpConnection conn = RawHttpConnection.open(port)) {
                assertThat(conn.get("/provider/v1/responses").header(MARKER)).as("before: the catch-all")
                        .isEqualTo("true");
            }
            Files.writeString(file, yaml.replace("path_prefix: \"/openai/\"", "path_prefix: \"/provider/\""));
            assertThat(reload.reloadNow()).isInstanceOf(ReloadOutcome.Applied.class);
            try (RawHttpConnection conn = RawHttpConnection.open(port)) {
                RawResponse provider = conn.get("/provider/v1/responses");
                assertThat(provider.echo().origin()).as("after: /provider/ binds openai_backend").isEqualTo("openai");
                assertThat(provider.header(MARKER)).as("dispatched directly").isNull();
                RawResponse old = conn.get("/openai/v1/responses");
                assertThat(old.echo().origin()).as("after: /openai/ is the catch-all's").isEqualTo("chat");
                assertThat(old.header(MARKER)).isEqualTo("true");
            }
            assertHits(1, 2);
        } finally {
            serving.shutdown(Duration.ofSeconds(2));
        }
    }

    private void assertHits(int toOpenai, int toChat) {
        assertThat(openai.requestCount()).as("requests that reached openai_backend").isEqualTo(toOpenai);
        assertThat(chat.requestCount()).as("requests that reached chat_backend").isEqualTo(toChat);
    }
}
