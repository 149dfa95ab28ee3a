package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code examples/provider-model-rewrite.yaml} end to end: the client's alias {@code fast} reaches
 * each provider's origin under that provider's model name, rewritten at the bound-upstream barrier,
 * the rest of the body byte for byte as sent and framed with its new length.
 */
class ProviderModelRewriteExampleTest {
    static final String EXAMPLE = "provider-model-rewrite.yaml";

    private TestOrigin openai;
    private TestOrigin anthropic;
    private RunningGateway gw;

    @BeforeEach
    void start() {
        openai = TestOrigin.start("openai");
        anthropic = TestOrigin.start("anthropic");
        gw = RunningGateway.start(Examples.adapted(EXAMPLE,
                Map.of("127.0.0.1:3001", openai.address(), "127.0.0.1:3002", anthropic.address())),
                Examples.features(EXAMPLE));
    }

    @AfterEach
    void stop() {
        gw.close();
        openai.close();
        anthropic.close();
    }

    static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    static RawResponse post(RawHttpConnection conn, String path, String body) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        conn.send("POST " + path + " HTTP/1.1\r\nHost: models\r\nContent-Type: application/json\r\nContent-Length: "
                + bytes.length + "\r\n\r\n").send(bytes);
        return conn.readResponse();
    }

    /** Asserts {@code echo} is from {@code origin} and received exactly {@code body}, framed by its length. */
    static void received(EchoResponse echo, String origin, String body) throws Exception {
        assertThat(echo.origin()).isEqualTo(origin);
        assertThat(echo.bodySha256()).as("the origin received " + body).isEqualTo(sha256(body));
        assertThat(echo.header("content-length")).as("framed with the rewritten length")
                .isEqualTo(String.valueOf(body.getBytes(StandardCharsets.UTF_8).length));
    }

    @Test
    void needsTheBoundUpstreamRequestBodyFeature() {
        assertThat(Examples.features(EXAMPLE).has(Feature.BOUND_UPSTREAM_REQUEST_BODY)).isTrue();
    }

    @Test
    void eachProviderSeesItsOwnModelNameForTheAlias() throws Exception {
        String body = "{\"model\":\"fast\",\"messages\":[{\"role\":\"user\",\"content\":\"the model is fast\"}]}";
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse toOpenai = post(conn, "/v1/chat/completions", body);
            assertThat(toOpenai.status()).isEqualTo(200);
            received(toOpenai.echo(), "openai", body.replace("\"model\":\"fast\"", "\"model\":\"gpt-4o-mini\""));

            RawResponse toAnthropic = post(conn, "/anthropic/v1/messages", body);
            assertThat(toAnthropic.status()).isEqualTo(200);
            received(toAnthropic.echo(), "anthropic",
                    body.replace("\"model\":\"fast\"", "\"model\":\"claude-3-5-haiku-latest\""));
        }
    }

    @Test
    void otherModelsAndNonJsonBodiesGoOnUnchanged() throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            String other = "{\"model\":\"gpt-4o\",\"messages\":[]}";
            received(post(conn, "/v1/chat/completions", other).echo(), "openai", other);
            String text = "model=fast";
            received(post(conn, "/anthropic/v1/messages", text).echo(), "anthropic", text);
        }
    }
}
