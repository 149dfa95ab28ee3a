package io.jpraxis.bench.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the JSON line that {@link WrkScript}'s {@code done} hook prints among wrk's output. */
public final class WrkResultParser {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> ERROR_KINDS = List.of("connect", "read", "write", "status", "timeout");

    private WrkResultParser() {
    }

    /**
     * Parses wrk's whole standard output. wrk's {@code status} errors are answers with a status of
     * 400 or more; the targets here answer nothing in 1xx or 3xx, so that is every non-2xx.
     */
    public static ToolResult parse(String stdout) {
        String line = stdout.lines().filter(l -> l.startsWith(WrkScript.RESULT_MARKER)).reduce((a, b) -> b)
                .orElseThrow(() -> new IllegalArgumentException(
                        "wrk output: no line starting with \"" + WrkScript.RESULT_MARKER.trim()
                                + "\" (expected: the done() hook's JSON)\n" + stdout));
        JsonNode root;
        try {
            root = JSON.readTree(line.substring(WrkScript.RESULT_MARKER.length()));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("wrk result: " + line + " (expected: JSON)", e);
        }
        long requests = root.path("requests").asLong();
        double seconds = root.path("duration_us").asLong() / 1e6;
        Map<String, Long> errors = new LinkedHashMap<>();
        for (String kind : ERROR_KINDS) {
            errors.put(kind, root.path("errors").path(kind).asLong());
        }
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        JsonNode latency = root.path("latency_us");
        // wrk's percentiles are 0 when no request completed; -1 says "no figure" in the reports.
        boolean none = requests == 0;
        return new ToolResult(requests, seconds, seconds > 0 ? requests / seconds : 0, errorCount, errors,
                none ? -1 : latency.path("p50").asLong(), none ? -1 : latency.path("p90").asLong(),
                none ? -1 : latency.path("p99").asLong());
    }
}
