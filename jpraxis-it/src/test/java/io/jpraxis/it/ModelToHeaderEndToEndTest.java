package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code model_to_header} end to end (see docs/reference/filters/model_to_header.md#what-it-does):
 * the body's {@code model} reaches the origin as {@code X-Model}, a forged copy is replaced, and the
 * body goes on unchanged.
 *
 * <p>"Parsed once", as asserted here: the gateway buffers a 200 KiB body once (one pre-read, each
 * body hook called once over the whole body: {@code test_body} counts its calls), each filter
 * parses it at most once (its hook answers BodyDone), and the origin gets the same bytes with
 * their exact length. That the model scan stops at an early {@code model} field is asserted where
 * the bytes consumed can be counted, in {@code TopLevelFieldsTest} (jpraxis-filters).
 */
@Timeout(60)
class ModelToHeaderEndToEndTest {
    private static final int BODY_BYTES = 200 * 1024;
    private TestOrigin origin;

    @BeforeEach
    void startOrigin() {
        origin = TestOrigin.start("llm");
    }

    @AfterEach
    void stopOrigin() {
        origin.close();
    }

    private static FilterRegistry registry() {
        List<FilterFactory<?>> types = new ArrayList<>(GatewayFilters.all());
        types.add(new BodyHookFactory());
        return FilterRegistry.withBuiltIns(types);
    }

    private RunningGateway gateway(String modelToHeader) {
        return RunningGateway.start(TestConfigs.pipeline("""
                %s
                - filter: json_body_field
                  field: user
                  header: X-User
                - filter: test_body
                  direction: request
                  max_bytes: 1048576
                - filter: router
                  routes: [{path_prefix: /, cluster: llm}]
                - filter: load_balancer
                  clusters: [{name: llm, endpoints: ["%s"]}]
                """.formatted(modelToHeader, origin.address())), registry());
    }

    private static String chat(String model, boolean modelFirst) {
        String messages = "\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat(BODY_BYTES) + "\"}]";
        String model1 = model == null ? "" : "\"model\":\"" + model + "\",";
        return modelFirst ? "{" + model1 + "\"user\":\"u-7\"," + messages + "}"
                : "{\"user\":\"u-7\"," + messages + (model == null ? "" : ",\"model\":\"" + model + "\"") + "}";
    }

    /** A JSON POST to /v1/chat/completions with {@code headerLines} besides the framing ones. */
    static RawResponse post(RawHttpConnection conn, String body, String... headerLines) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST /v1/chat/completions HTTP/1.1\r\nHost: test\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        head.append("Content-Type: application/json\r\nContent-Length: ").append(bytes.length).append("\r\n\r\n");
        conn.send(head.toString()).send(bytes);
        return conn.readResponse();
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theBodysModelReachesTheOriginAsXModelAndAForgedCopyIsReplaced() throws Exception {
        try (RunningGateway gw = gateway("- filter: model_to_header");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String early = chat("gpt-4o", true);
            String late = chat("llama-3", false);

            EchoResponse first = post(conn, early, "X-Model: forged-by-client").echo();
            EchoResponse second = post(conn, late, "x-model: forged", "X-MODEL: again").echo();

            assertThat(first.headerValues("x-model")).as("the body's model, the client's copy gone")
                    .containsExactly("gpt-4o");
            assertThat(second.headerValues("x-model")).as("every client copy, any case, replaced")
                    .containsExactly("llama-3");
            assertThat(first.header("x-user")).as("json_body_field read the same buffered body").isEqualTo("u-7");
            assertThat(first.header("x-body-hook-pieces")).as("one buffer: the body hooks saw the whole body once")
                    .isEqualTo("1");
            assertThat(first.bodySha256()).as("the body goes on unchanged").isEqualTo(sha256(early));
            assertThat(first.header("content-length")).isEqualTo(String.valueOf(early.length()));
            assertThat(second.bodySha256()).isEqualTo(sha256(late));
            assertThat(origin.requestCount()).isEqualTo(2);
        }
    }

    @Test
    void noModelInTheBodyLeavesTheHeaderAbsentEvenWhenTheClientSentOne() throws Exception {
        try (RunningGateway gw = gateway("- filter: model_to_header");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse echo = post(conn, chat(null, true), "X-Model: forged").echo();

            assertThat(echo.hasHeader("x-model")).isFalse();
            assertThat(echo.header("x-user")).isEqualTo("u-7");
        }
    }

    @Test
    void trustExistingHeaderKeepsTheIncomingHeader() throws Exception {
        try (RunningGateway gw = gateway("""
                - filter: model_to_header
                  header: x-gateway-model-name
                  trust_existing_header: true""");
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse kept = post(conn, chat("gpt-4o", true), "x-gateway-model-name: set-by-hop").echo();
            EchoResponse filled = post(conn, chat("gpt-4o", true)).echo();

            assertThat(kept.headerValues("x-gateway-model-name")).containsExactly("set-by-hop");
            assertThat(filled.headerValues("x-gateway-model-name")).containsExactly("gpt-4o");
        }
    }
}
