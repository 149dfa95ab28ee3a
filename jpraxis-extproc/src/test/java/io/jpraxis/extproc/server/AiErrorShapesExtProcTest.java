package io.jpraxis.extproc.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.BodySendMode;
import io.envoyproxy.envoy.extensions.filters.http.ext_proc.v3.ProcessingMode.HeaderSendMode;
import io.jpraxis.extproc.emulator.EmulatedRequest;
import io.jpraxis.extproc.emulator.EmulatedResult;
import io.jpraxis.extproc.emulator.EnvoyEmulator;
import io.jpraxis.extproc.emulator.RunningExtProc;
import io.jpraxis.extproc.emulator.Upstream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An ImmediateResponse of an AI filter takes the error shape of the API the path names, as the
 * HTTP edge's local answers do (see docs/behaviour/request-lifecycle.md#error-bodies), so an SDK
 * behind Envoy reads the same error class, type and code.
 */
class AiErrorShapesExtProcTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONFIG = """
            filter_chains:
              - name: main
                filters:
                  - filter: api_key_auth
                    keys:
                      - name: example-client
                        sha256: "95914b45c35b9a8e67356cdf8bbf5234385df42b46b79f960bc83e5b2aae4f0a"
            """;

    private static RunningExtProc server;

    @BeforeAll
    static void start() {
        server = RunningExtProc.start(CONFIG);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static EmulatedResult run(String path) throws Exception {
        try (EnvoyEmulator envoy = server.envoy().mode(EnvoyEmulator.mode(BodySendMode.NONE, HeaderSendMode.SEND,
                BodySendMode.NONE)).upstream(Upstream.canned(200, List.of(Map.entry("content-type", "text/plain")),
                "hello"))) {
            return envoy.run(EmulatedRequest.get(path).header("authorization", "Bearer sk-not-the-key"));
        }
    }

    @Test
    void aRefusedKeyOnAnOpenAiPathIsOpenAisAuthenticationError() throws Exception {
        EmulatedResult r = run("/v1/chat/completions");

        assertThat(r.immediateStatus()).isEqualTo(401);
        assertThat(r.upstreamHeaders()).as("never forwarded").isNull();
        JsonNode error = JSON.readTree(r.immediateBodyText()).path("error");
        assertThat(error.path("type").asText()).isEqualTo("authentication_error");
        assertThat(error.path("code").asText()).isEqualTo("invalid_api_key");
        assertThat(error.path("message").asText()).isNotBlank();
    }

    @Test
    void aRefusedKeyOnTheMessagesPathIsAnthropicsShape() throws Exception {
        EmulatedResult r = run("/v1/messages");

        assertThat(r.immediateStatus()).isEqualTo(401);
        JsonNode body = JSON.readTree(r.immediateBodyText());
        assertThat(body.path("type").asText()).isEqualTo("error");
        assertThat(body.path("error").path("type").asText()).isEqualTo("authentication_error");
    }

    @Test
    void aPathOfNoAiApiKeepsTheProblemDetails() throws Exception {
        EmulatedResult r = run("/internal/status");

        assertThat(r.immediateStatus()).isEqualTo(401);
        assertThat(r.immediateHeaders()).containsEntry("content-type", "application/problem+json");
    }
}
