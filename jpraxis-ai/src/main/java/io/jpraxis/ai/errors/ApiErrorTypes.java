package io.jpraxis.ai.errors;

/**
 * The error {@code type} (and OpenAI's {@code code}) a local error of each status carries in the
 * shape of an AI API (see docs/behaviour/request-lifecycle.md#error-bodies). The SDKs choose their
 * error class by status; the type and code are what their users read to tell errors apart.
 */
final class ApiErrorTypes {
    private ApiErrorTypes() {
    }

    /** OpenAI's {@code error.type} for {@code status}. */
    static String openAiType(int status) {
        return switch (status) {
            case 401 -> "authentication_error";
            case 403 -> "permission_error";
            case 404 -> "not_found_error";
            case 429 -> "rate_limit_error";
            default -> status >= 500 ? "server_error" : status >= 400 ? "invalid_request_error" : "api_error";
        };
    }

    /** OpenAI's {@code error.code} for {@code status}: a stable snake_case word per status. */
    static String openAiCode(int status) {
        return switch (status) {
            case 400 -> "invalid_request";
            case 401 -> "invalid_api_key";
            case 403 -> "permission_denied";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 408 -> "request_timeout";
            case 413 -> "request_too_large";
            case 414 -> "request_target_too_long";
            case 415 -> "unsupported_media_type";
            case 429 -> "rate_limit_exceeded";
            case 431 -> "request_headers_too_large";
            case 500 -> "internal_error";
            case 501 -> "not_implemented";
            case 502 -> "bad_gateway";
            case 503 -> "service_unavailable";
            case 504 -> "gateway_timeout";
            default -> null;
        };
    }

    /** Anthropic's {@code error.type} for {@code status}. */
    static String anthropicType(int status) {
        return switch (status) {
            case 401 -> "authentication_error";
            case 402 -> "billing_error";
            case 403 -> "permission_error";
            case 404 -> "not_found_error";
            case 409 -> "conflict_error";
            case 413 -> "request_too_large";
            case 429 -> "rate_limit_error";
            case 503, 529 -> "overloaded_error";
            case 504 -> "timeout_error";
            default -> status >= 500 ? "api_error" : "invalid_request_error";
        };
    }
}
