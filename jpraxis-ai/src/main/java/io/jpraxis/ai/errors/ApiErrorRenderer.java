package io.jpraxis.ai.errors;

import io.jpraxis.core.context.ErrorRenderer;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UnreadableRequest;
import io.jpraxis.core.http.ApiErrorBodies;
import io.jpraxis.core.http.ApiErrorBodies.Api;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.picker.NoEligibleCandidate;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * Renders the gateway's own errors of a request in the shape of the AI API it calls (see
 * docs/behaviour/request-lifecycle.md#error-bodies): OpenAI's error object or Anthropic's error
 * envelope, with the type (and OpenAI's code) of the status, so the official SDK raises its own
 * error class with a status, code and message its user can read. A 400 for a request a filter
 * could not read names the field at fault ({@link UnreadableRequest}); a 404 for a model no
 * candidate serves carries OpenAI's own {@code model_not_found}, as the model listing's does.
 *
 * @param api OpenAI or Anthropic, never {@link Api#OTHER}
 */
public record ApiErrorRenderer(Api api) implements ErrorRenderer {
    public static final ApiErrorRenderer OPENAI = new ApiErrorRenderer(Api.OPENAI);
    public static final ApiErrorRenderer ANTHROPIC = new ApiErrorRenderer(Api.ANTHROPIC);
    /** How each API's error body opens, as {@link ApiErrorBodies} writes it. */
    private static final byte[] OPENAI_OPENING = "{\"error\":{".getBytes(StandardCharsets.UTF_8);
    private static final byte[] ANTHROPIC_OPENING = "{\"type\":\"error\",".getBytes(StandardCharsets.UTF_8);

    public ApiErrorRenderer {
        if (api == Api.OTHER) {
            throw new IllegalArgumentException("api: OTHER (expected: OPENAI or ANTHROPIC)");
        }
    }

    /** The renderer for a request to {@code path}, by path until requests carry a recognised format; or null. */
    public static ApiErrorRenderer forPath(String path) {
        return switch (ApiErrorBodies.forPath(path)) {
            case OPENAI -> OPENAI;
            case ANTHROPIC -> ANTHROPIC;
            case OTHER -> null;
        };
    }

    @Override
    public Optional<LocalResponse> render(RequestContext ctx, int status, String reason) {
        return Optional.of(response(ctx, status, reason));
    }

    /**
     * An answer a filter already built in this API's shape ({@link ApiErrorBodies}), with a code or
     * field of its own, is kept: a JSON body that opens as this API's error does.
     */
    @Override
    public boolean alreadyRendered(LocalResponse response) {
        String type = response.headers().get("content-type");
        if (type == null || !type.startsWith("application/json")) {
            return false;
        }
        byte[] prefix = (api == Api.OPENAI ? OPENAI_OPENING : ANTHROPIC_OPENING);
        byte[] body = response.body();
        return body.length >= prefix.length && Arrays.equals(body, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** The error of {@code status} with the client-safe {@code reason}, in this API's shape. */
    public LocalResponse response(RequestContext ctx, int status, String reason) {
        UnreadableRequest unreadable = status == 400
                ? ctx.extensions().get(UnreadableRequest.KEY).filter(u -> u.reason().equals(reason)).orElse(null)
                : null;
        if (api == Api.OPENAI && status == 404 && noModel(ctx)) {
            // What OpenAI answers for a model it does not serve, so the SDK user reads the same code
            // from a completion as from models.retrieve (model_catalog).
            return ApiErrorBodies.openAi(status, reason, "invalid_request_error", "model_not_found");
        }
        return switch (api) {
            case OPENAI -> unreadable != null
                    ? ApiErrorBodies.openAi(status, reason, ApiErrorTypes.openAiType(status), unreadable.code(),
                            unreadable.param())
                    : ApiErrorBodies.openAi(status, reason, ApiErrorTypes.openAiType(status),
                            ApiErrorTypes.openAiCode(status));
            case ANTHROPIC -> ApiErrorBodies.anthropic(status, reason, ApiErrorTypes.anthropicType(status),
                    ctx.requestId());
            case OTHER -> throw new IllegalStateException("no renderer is made for OTHER");
        };
    }

    private static boolean noModel(RequestContext ctx) {
        return ctx.extensions().get(NoEligibleCandidate.KEY).filter(n -> n.kind().equals("model")).isPresent();
    }
}
