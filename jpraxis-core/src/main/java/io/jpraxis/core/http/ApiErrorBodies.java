package io.jpraxis.core.http;

import java.nio.charset.StandardCharsets;

/**
 * Local error answers in the shapes the official AI SDKs parse (decision 27 of the spec; see
 * docs/behaviour/request-lifecycle.md#error-bodies), so a client sees its SDK's error class with
 * the status, code and message instead of an opaque string. Which shape applies is the caller's
 * choice: a filter that knows the API it serves picks one, or {@link #forPath} picks by path.
 */
public final class ApiErrorBodies {
    private ApiErrorBodies() {
    }

    /** The API family a request path belongs to, for the error shape. */
    public enum Api {
        OPENAI, ANTHROPIC, OTHER
    }

    /**
     * By path, until requests carry a recognised format: {@code /v1/messages} is Anthropic's; chat
     * completions, completions, embeddings, responses and models are OpenAI's.
     */
    public static Api forPath(String path) {
        if (path.equals("/v1/messages") || path.startsWith("/v1/messages/")) {
            return Api.ANTHROPIC;
        }
        for (String prefix : new String[] {"/v1/chat/completions", "/v1/completions", "/v1/embeddings",
                "/v1/responses", "/v1/models"}) {
            if (path.equals(prefix) || path.startsWith(prefix + "/")) {
                return Api.OPENAI;
            }
        }
        return Api.OTHER;
    }

    /**
     * OpenAI's {@code {"error": {"message", "type", "param", "code"}}}; {@code code} may be null.
     * {@code type} is OpenAI's error type, such as {@code invalid_request_error}.
     */
    public static LocalResponse openAi(int status, String message, String type, String code) {
        return openAi(status, message, type, code, null);
    }

    /** As {@link #openAi(int, String, String, String)}, naming the request field at fault ({@code param}); may be null. */
    public static LocalResponse openAi(int status, String message, String type, String code, String param) {
        String json = "{\"error\":{\"message\":" + Json.quote(message) + ",\"type\":" + Json.quote(type)
                + ",\"param\":" + orNull(param) + ",\"code\":" + orNull(code) + "}}";
        return json(status, json, message);
    }

    /**
     * Anthropic's {@code {"type": "error", "error": {"type", "message"}}}; {@code type} is
     * Anthropic's error type, such as {@code authentication_error} or {@code not_found_error}.
     */
    public static LocalResponse anthropic(int status, String message, String type) {
        return anthropic(status, message, type, null);
    }

    /** As {@link #anthropic(int, String, String)}, with the {@code request_id} Anthropic's errors carry; may be null. */
    public static LocalResponse anthropic(int status, String message, String type, String requestId) {
        String json = "{\"type\":\"error\",\"error\":{\"type\":" + Json.quote(type) + ",\"message\":"
                + Json.quote(message) + "}" + (requestId == null ? "" : ",\"request_id\":" + Json.quote(requestId))
                + "}";
        return json(status, json, message);
    }

    private static String orNull(String value) {
        return value == null ? "null" : Json.quote(value);
    }

    private static LocalResponse json(int status, String json, String reason) {
        HeaderMap headers = new HeaderMap().set("content-type", "application/json");
        return new LocalResponse(status, headers, json.getBytes(StandardCharsets.UTF_8), reason);
    }
}
