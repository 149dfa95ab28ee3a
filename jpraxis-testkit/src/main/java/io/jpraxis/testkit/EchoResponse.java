package io.jpraxis.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a {@link TestOrigin} saw of a request, parsed from its JSON echo.
 *
 * @param origin the name of the origin that answered
 * @param headers lower-case names to every value, in arrival order
 * @param bodySha256 hex SHA-256 of the request body as the origin received it
 */
public record EchoResponse(String origin, String method, String uri, String path, String query, String version,
        Map<String, List<String>> headers, long bodyBytes, String bodySha256) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static EchoResponse parse(String json) {
        try {
            JsonNode node = JSON.readTree(json);
            Map<String, List<String>> headers = new LinkedHashMap<>();
            node.get("headers").properties().forEach(e -> {
                List<String> values = new ArrayList<>();
                e.getValue().forEach(v -> values.add(v.asText()));
                headers.put(e.getKey(), List.copyOf(values));
            });
            return new EchoResponse(node.get("origin").asText(), node.get("method").asText(), node.get("uri").asText(),
                    node.get("path").asText(), node.has("query") ? node.get("query").asText() : null,
                    node.get("version").asText(), headers, node.get("body_bytes").asLong(),
                    node.get("body_sha256").asText());
        } catch (IOException e) {
            throw new UncheckedIOException("not an origin echo: " + json, e);
        }
    }

    public static EchoResponse parse(byte[] json) {
        return parse(new String(json, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** First value of a header (any case), or null. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.getFirst();
    }

    /** Every value of a header (any case); empty when absent. */
    public List<String> headerValues(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    public boolean hasHeader(String name) {
        return headers.containsKey(name.toLowerCase(Locale.ROOT));
    }
}
