package io.jpraxis.core.http;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A response the gateway makes itself (static_response, redirect, a JSON error), or one it relays
 * as it arrives (an iterative request router's streamed step answer).
 *
 * @param errorReason the client-safe reason when this is one of the gateway's own error answers
 *     ({@link #jsonError}), null for any other response; a filter-chosen error envelope is made
 *     from it (see docs/behaviour/grpc.md#errors-as-grpc-statuses)
 * @param stream the body still to come, or null when {@code body} is the whole of it; a streamed
 *     response has an empty {@code body}, and whoever drops it instead of sending it cancels the
 *     stream (see docs/behaviour/iterative-router.md#streamed-answers)
 */
public record LocalResponse(int status, HeaderMap headers, byte[] body, String errorReason, BodyStream stream) {

    private static final byte[] NO_BODY = new byte[0];

    /** A whole response that is not one of the gateway's error answers. */
    public LocalResponse(int status, HeaderMap headers, byte[] body) {
        this(status, headers, body, null, null);
    }

    /** A whole response. */
    public LocalResponse(int status, HeaderMap headers, byte[] body, String errorReason) {
        this(status, headers, body, errorReason, null);
    }

    /** A response whose body comes from {@code stream} as the client takes it. */
    public static LocalResponse streamed(int status, HeaderMap headers, BodyStream stream) {
        return new LocalResponse(status, headers, NO_BODY, null, Objects.requireNonNull(stream, "stream"));
    }

    /** Whether the body is still to come ({@link #stream}). */
    public boolean streamed() {
        return stream != null;
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
