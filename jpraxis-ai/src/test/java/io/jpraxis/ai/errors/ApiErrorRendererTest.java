package io.jpraxis.ai.errors;

import static io.jpraxis.ai.testing.AiFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UnreadableRequest;
import io.jpraxis.core.http.ApiErrorBodies;
import io.jpraxis.core.http.ApiErrorBodies.Api;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.picker.NoEligibleCandidate;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Local errors in the AI APIs' shapes (see docs/behaviour/request-lifecycle.md#error-bodies): the
 * type (and OpenAI's code) per status, the field a 400 names, Anthropic's request id.
 */
class ApiErrorRendererTest {
    private static String body(LocalResponse r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "OpenAI {0}: {1} / {2}")
    @CsvSource(nullValues = "null", value = {
        "400, invalid_request_error, invalid_request",
        "401, authentication_error, invalid_api_key",
        "403, permission_error, permission_denied",
        "404, not_found_error, not_found",
        "408, invalid_request_error, request_timeout",
        "413, invalid_request_error, request_too_large",
        "418, invalid_request_error, null",
        "429, rate_limit_error, rate_limit_exceeded",
        "431, invalid_request_error, request_headers_too_large",
        "500, server_error, internal_error",
        "502, server_error, bad_gateway",
        "503, server_error, service_unavailable",
        "504, server_error, gateway_timeout",
        "507, server_error, null"})
    void openAiTypeAndCodeFollowTheStatus(int status, String type, String code) {
        LocalResponse r = ApiErrorRenderer.OPENAI.response(request("/v1/chat/completions"), status, "why");
        assertThat(r.status()).isEqualTo(status);
        assertThat(r.headers().get("content-type")).isEqualTo("application/json");
        assertThat(body(r)).as("OpenAI's error object").isEqualTo("{\"error\":{\"message\":\"why\",\"type\":\"" + type
                + "\",\"param\":null,\"code\":" + (code == null ? "null" : "\"" + code + "\"") + "}}");
        assertThat(r.errorReason()).as("still one of the gateway's errors").isEqualTo("why");
    }

    @ParameterizedTest(name = "Anthropic {0}: {1}")
    @CsvSource({
        "400, invalid_request_error",
        "401, authentication_error",
        "402, billing_error",
        "403, permission_error",
        "404, not_found_error",
        "409, conflict_error",
        "413, request_too_large",
        "415, invalid_request_error",
        "429, rate_limit_error",
        "500, api_error",
        "502, api_error",
        "503, overloaded_error",
        "504, timeout_error",
        "529, overloaded_error"})
    void anthropicTypeFollowsTheStatus(int status, String type) {
        RequestContext ctx = request("/v1/messages");
        LocalResponse r = ApiErrorRenderer.ANTHROPIC.response(ctx, status, "why");
        assertThat(body(r)).as("Anthropic's error envelope with the request id").isEqualTo(
                "{\"type\":\"error\",\"error\":{\"type\":\"" + type + "\",\"message\":\"why\"},\"request_id\":\""
                        + ctx.requestId() + "\"}");
    }

    @Test
    void aModelNoCandidateServesIsOpenAisModelNotFound() {
        RequestContext ctx = request("/v1/chat/completions");
        ctx.extensions().put(NoEligibleCandidate.KEY, new NoEligibleCandidate("model", "gpt-9"));
        assertThat(body(ApiErrorRenderer.OPENAI.response(ctx, 404, "no eligible candidate for the requested model")))
                .as("the type and code OpenAI (and model_catalog) give an unknown model")
                .isEqualTo("{\"error\":{\"message\":\"no eligible candidate for the requested model\","
                        + "\"type\":\"invalid_request_error\",\"param\":null,\"code\":\"model_not_found\"}}");

        RequestContext tool = request("/v1/chat/completions");
        tool.extensions().put(NoEligibleCandidate.KEY, new NoEligibleCandidate("tool", "search"));
        assertThat(body(ApiErrorRenderer.OPENAI.response(tool, 404, "no eligible candidate for the requested tool")))
                .as("a tool is not a model: the status's own type and code").contains("\"code\":\"not_found\"");
        RequestContext messages = request("/v1/messages");
        messages.extensions().put(NoEligibleCandidate.KEY, new NoEligibleCandidate("model", "claude-9"));
        assertThat(body(ApiErrorRenderer.ANTHROPIC.response(messages, 404, "why")))
                .as("Anthropic's not_found_error is already what Anthropic sends").contains("\"type\":\"not_found_error\"");
    }

    @Test
    void aBadRequestAFilterCouldNotReadNamesTheFieldAndItsCode() {
        RequestContext ctx = request("/v1/embeddings");
        ctx.extensions().put(UnreadableRequest.KEY, new UnreadableRequest("no model", "model", "missing_required_parameter"));

        assertThat(body(ApiErrorRenderer.OPENAI.response(ctx, 400, "no model"))).isEqualTo(
                "{\"error\":{\"message\":\"no model\",\"type\":\"invalid_request_error\",\"param\":\"model\","
                        + "\"code\":\"missing_required_parameter\"}}");
        assertThat(body(ApiErrorRenderer.OPENAI.response(ctx, 400, "another reason")))
                .as("a different 400 of the same request is not that one").contains("\"param\":null")
                .contains("\"code\":\"invalid_request\"");
    }

    @Test
    void messagesWithQuotesNewlinesAndNonAsciiStayValidJson() {
        String reason = "bad \"model\"\n\u00e9\u4e2d";
        assertThat(body(ApiErrorRenderer.OPENAI.response(request("/v1/responses"), 400, reason)))
                .contains("\"message\":\"bad \\\"model\\\"\\n");
    }

    @Test
    void anAnswerAFilterAlreadyShapedForTheApiIsKeptWithItsOwnCode() {
        LocalResponse ownCode = ApiErrorBodies.openAi(404, "The model 'x' does not exist", "invalid_request_error",
                "model_not_found", "model");
        assertThat(ApiErrorRenderer.OPENAI.alreadyRendered(ownCode)).as("model_not_found is not rewritten").isTrue();
        assertThat(ApiErrorRenderer.ANTHROPIC.alreadyRendered(ownCode)).as("another API's shape is re-rendered")
                .isFalse();
        assertThat(ApiErrorRenderer.ANTHROPIC.alreadyRendered(ApiErrorBodies.anthropic(404, "no", "not_found_error")))
                .isTrue();
        assertThat(ApiErrorRenderer.OPENAI.alreadyRendered(LocalResponse.jsonError(404, "not found")))
                .as("the plain problem details are re-rendered").isFalse();
    }

    @Test
    void theApiIsRecognisedByPath() {
        assertThat(ApiErrorRenderer.forPath("/v1/chat/completions")).isSameAs(ApiErrorRenderer.OPENAI);
        assertThat(ApiErrorRenderer.forPath("/v1/models/gpt-4o")).isSameAs(ApiErrorRenderer.OPENAI);
        assertThat(ApiErrorRenderer.forPath("/v1/messages")).isSameAs(ApiErrorRenderer.ANTHROPIC);
        assertThat(ApiErrorRenderer.forPath("/v1/messages/count_tokens")).isSameAs(ApiErrorRenderer.ANTHROPIC);
        assertThat(ApiErrorRenderer.forPath("/v1/chat")).as("no prefix match on a partial segment").isNull();
        assertThat(ApiErrorRenderer.forPath("/healthz")).isNull();
        assertThatThrownBy(() -> new ApiErrorRenderer(Api.OTHER)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyAiFilterOffersTheRendererOfItsRequestsApi() {
        AiApiFilter filter = new AiApiFilter() {
            @Override
            public String type() {
                return "test";
            }

            @Override
            public Object config() {
                return null;
            }
        };
        assertThat(filter.errorRenderer(request("/v1/completions"))).isSameAs(ApiErrorRenderer.OPENAI);
        assertThat(filter.errorRenderer(request("/v1/messages"))).isSameAs(ApiErrorRenderer.ANTHROPIC);
        assertThat(filter.errorRenderer(request("/status"))).as("not an AI API call: the plain error").isNull();
    }
}
