package io.jpraxis.extproc.stream;

import io.jpraxis.extproc.stream.ExtProcMetrics.Phase;
import java.util.EnumMap;
import java.util.Map;
import java.util.StringJoiner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one stream did, for its access log line: the phases seen (with counts), how it ended, the
 * status the client got when known, and how long it lasted. No header value is ever logged.
 */
final class StreamRecord {
    private static final Logger access = LoggerFactory.getLogger("io.jpraxis.extproc.access");

    private final Map<Phase, Integer> phases = new EnumMap<>(Phase.class);
    private final long startNanos = System.nanoTime();
    String requestId = "-";
    String outcome = "continue";
    int status;

    void saw(Phase phase) {
        phases.merge(phase, 1, Integer::sum);
    }

    void log(boolean completed) {
        StringJoiner seen = new StringJoiner(",");
        phases.forEach((p, n) -> seen.add(n == 1 ? p.label : p.label + "x" + n));
        access.info("extproc stream request_id={} phases={} outcome={} status={} completed={} duration_ms={}",
                requestId, seen, outcome, status == 0 ? "-" : Integer.toString(status), completed,
                (System.nanoTime() - startNanos) / 1_000_000);
    }

    long durationNanos() {
        return System.nanoTime() - startNanos;
    }
}
