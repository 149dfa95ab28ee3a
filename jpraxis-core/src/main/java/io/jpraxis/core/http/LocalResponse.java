package io.jpraxis.core.http;

import java.nio.charset.StandardCharsets;

/** A response the gateway makes itself (static_response, redirect, a JSON error). */
public record LocalResponse(int status, HeaderMap headers, byte[] body) {

    /**
     * A {@code {"error": reason}} JSON body (see docs/behaviour/request-lifecycle.md#error-bodies);
     * reason must not carry internal detail.
     */
    public static LocalResponse jsonError(int status, String reason) {
        HeaderMap headers = new HeaderMap().set("content-type", "application/json");
        return new LocalResponse(status, headers, ("{\"error\":" + Json.quote(reason) + "}").getBytes(StandardCharsets.UTF_8));
    }
}
