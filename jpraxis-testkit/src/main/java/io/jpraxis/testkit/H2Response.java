package io.jpraxis.testkit;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * What an HTTP/2 stream brought back: the response (status 0 when none came), its headers by
 * lower-case name, the body's length and SHA-256, the first MiB of the body, the RST_STREAM
 * error code if the server reset the stream instead, and the trailers by lower-case name (a
 * HEADERS frame after the response's).
 */
public record H2Response(int status, Map<String, List<String>> headers, long bodyBytes, String bodySha256,
        byte[] bodyStart, Long resetCode, Map<String, List<String>> trailers) {

    public H2Response {
        headers = Map.copyOf(headers);
        bodyStart = bodyStart.clone();
        trailers = Map.copyOf(trailers);
    }

    public H2Response(int status, Map<String, List<String>> headers, long bodyBytes, String bodySha256,
            byte[] bodyStart, Long resetCode) {
        this(status, headers, bodyBytes, bodySha256, bodyStart, resetCode, Map.of());
    }

    /** The first value of a trailer, or null. */
    public String trailer(String name) {
        List<String> values = trailers.get(name);
        return values == null || values.isEmpty() ? null : values.getFirst();
    }

    /** The first value of a header, or null. */
    public String header(String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.getFirst();
    }

    public String bodyText() {
        return new String(bodyStart, StandardCharsets.UTF_8);
    }

    /** The body as the origin's echo (see {@link EchoResponse}). */
    public EchoResponse echo() {
        return EchoResponse.parse(bodyText());
    }

    public boolean reset() {
        return resetCode != null;
    }
}
