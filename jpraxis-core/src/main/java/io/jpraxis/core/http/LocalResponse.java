package io.jpraxis.core.http;

import java.nio.charset.StandardCharsets;

/**
 * A response the gateway makes itself (static_response, redirect, a JSON error).
 *
 * @param errorReason the client-safe reason when this is one of the gateway's own error answers
 *     ({@link #jsonError}), null for any other response; a filter-chosen error envelope is made
 *     from it (see docs/behaviour/grpc.md#errors-as-grpc-statuses)
 */
public record LocalResponse(int status, HeaderMap headers, byte[] body, String errorReason) {

    /** A response that is not one of the gateway's error answers. */
    public LocalResponse(int status, HeaderMap headers, byte[] body) {
        this(status, headers, body, null);
    }

    /** The media type of the gateway's own error answers (RFC 9457 3). */
    public static final String PROBLEM_JSON = "application/problem+json";

    /**
     * One of the gateway's error answers: RFC 9457 problem details, {@code {"type": "about:blank",
     * "title": <the status's phrase>, "status", "detail": reason}} (see
     * docs/behaviour/request-lifecycle.md#error-bodies); reason must not carry internal detail.
     */
    public static LocalResponse jsonError(int status, String reason) {
        HeaderMap headers = new HeaderMap().set("content-type", PROBLEM_JSON);
        String json = "{\"type\":\"about:blank\",\"title\":" + Json.quote(StatusTitles.of(status)) + ",\"status\":"
                + status + ",\"detail\":" + Json.quote(reason) + "}";
        return new LocalResponse(status, headers, json.getBytes(StandardCharsets.UTF_8), reason);
    }
}
