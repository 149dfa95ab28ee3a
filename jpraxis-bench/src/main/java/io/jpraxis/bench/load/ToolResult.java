package io.jpraxis.bench.load;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a load tool reported for one run.
 *
 * @param requests responses received in the measured time, whatever their status
 * @param seconds the measured time
 * @param errors failed requests: connect, read, write and timeout failures and non-2xx answers
 * @param errorBreakdown the same errors by cause, in the tool's own terms (ordered)
 * @param p50Micros latency percentiles in microseconds; -1 when no request completed
 */
public record ToolResult(long requests, double seconds, double requestsPerSecond, long errors,
        Map<String, Long> errorBreakdown, long p50Micros, long p90Micros, long p99Micros) {

    public ToolResult {
        errorBreakdown = Collections.unmodifiableMap(new LinkedHashMap<>(errorBreakdown));
    }
}
