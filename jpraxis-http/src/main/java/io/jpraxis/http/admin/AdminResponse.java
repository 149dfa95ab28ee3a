package io.jpraxis.http.admin;

import java.nio.charset.StandardCharsets;

/** One admin answer before it becomes HTTP: status, media type and body text. */
public record AdminResponse(int status, String contentType, String body) {
    static final String JSON = "application/json";

    /** A JSON body. */
    static AdminResponse json(int status, String body) {
        return new AdminResponse(status, JSON, body);
    }

    /** {@code {"error": reason}} (see docs/behaviour/request-lifecycle.md#error-bodies). */
    static AdminResponse error(int status, String reason) {
        return json(status, AdminJson.error(reason));
    }

    public byte[] bytes() {
        return body.getBytes(StandardCharsets.UTF_8);
    }
}
