package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.core.http.ApiErrorBodies.Api;
import org.junit.jupiter.api.Test;

class ApiErrorBodiesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void openAiShapeCarriesMessageTypeNullParamAndCode() throws Exception {
        LocalResponse r = ApiErrorBodies.openAi(404, "The model \"x\" does not exist", "invalid_request_error",
                "model_not_found");

        JsonNode error = JSON.readTree(r.body()).get("error");
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.headers().get("content-type")).isEqualTo("application/json");
        assertThat(error.get("message").asText()).as("quotes escaped").isEqualTo("The model \"x\" does not exist");
        assertThat(error.get("type").asText()).isEqualTo("invalid_request_error");
        assertThat(error.get("param").isNull()).isTrue();
        assertThat(error.get("code").asText()).isEqualTo("model_not_found");
        assertThat(r.errorReason()).as("the reason other envelopes are made from").isEqualTo(error.get("message").asText());
    }

    @Test
    void openAiCodeMayBeNull() throws Exception {
        JsonNode error = JSON.readTree(ApiErrorBodies.openAi(400, "m", "invalid_request_error", null).body()).get("error");

        assertThat(error.get("code").isNull()).isTrue();
    }

    @Test
    void anthropicShapeIsATypedErrorObject() throws Exception {
        JsonNode root = JSON.readTree(ApiErrorBodies.anthropic(401, "invalid x-api-key", "authentication_error").body());

        assertThat(root.get("type").asText()).isEqualTo("error");
        assertThat(root.at("/error/type").asText()).isEqualTo("authentication_error");
        assertThat(root.at("/error/message").asText()).isEqualTo("invalid x-api-key");
    }

    @Test
    void pathsPickTheApiFamily() {
        assertThat(ApiErrorBodies.forPath("/v1/messages")).isEqualTo(Api.ANTHROPIC);
        assertThat(ApiErrorBodies.forPath("/v1/messages/count_tokens")).isEqualTo(Api.ANTHROPIC);
        assertThat(ApiErrorBodies.forPath("/v1/chat/completions")).isEqualTo(Api.OPENAI);
        assertThat(ApiErrorBodies.forPath("/v1/models/gpt-4o")).isEqualTo(Api.OPENAI);
        assertThat(ApiErrorBodies.forPath("/v1/embeddings")).isEqualTo(Api.OPENAI);
        assertThat(ApiErrorBodies.forPath("/v1/modelsx")).as("a prefix is a whole segment").isEqualTo(Api.OTHER);
        assertThat(ApiErrorBodies.forPath("/healthz")).isEqualTo(Api.OTHER);
    }
}
