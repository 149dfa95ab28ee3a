package io.jpraxis.testkit;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 response as read off the wire by {@link RawHttpConnection}.
 *
 * @param headers name/value lines in wire order, names as sent
 * @param chunked whether the body came with chunked framing
 */
public record RawResponse(String version, int status, List<Map.Entry<String, String>> headers, byte[] body,
        boolean chunked) {

    public RawResponse {
        headers = List.copyOf(headers);
    }

    /** First value of {@code name} (any case), or null. */
    public String header(String name) {
        for (Map.Entry<String, String> h : headers) {
            if (h.getKey().equalsIgnoreCase(name)) {
                return h.getValue();
            }
        }
        return null;
    }

    /** Every value of {@code name} (any case). */
    public List<String> headerValues(String name) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> h : headers) {
            if (h.getKey().equalsIgnoreCase(name)) {
                out.add(h.getValue());
            }
        }
        return out;
    }

    /** Lower-case names of every header line. */
    public List<String> headerNames() {
        return headers.stream().map(h -> h.getKey().toLowerCase(Locale.ROOT)).toList();
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public EchoResponse echo() {
        return EchoResponse.parse(body);
    }
}
