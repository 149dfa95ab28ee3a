package io.jpraxis.bench.ws;

import java.util.Locale;

/**
 * What one client run found, printed as the one line wrk's {@code done()} hook prints in the load
 * suite (see {@code io.jpraxis.bench.load.WrkScript}), so the suite reads both tools alike.
 *
 * @param requests round trips (echo) or echoed frames (stream) completed in the measured time
 * @param connect connections or upgrades that failed
 * @param read connections that closed early or brought back a frame that was not the one sent
 * @param timeout a stream that had not come back whole within its time limit
 */
record WsResult(long requests, long durationMicros, long bytes, long connect, long read, long timeout,
        long p50Micros, long p90Micros, long p99Micros, long maxMicros) {
    /** The marker the suite looks for (the same as {@code WrkScript.RESULT_MARKER}). */
    static final String MARKER = "WRK_RESULT ";

    String line() {
        return String.format(Locale.ROOT, "%s{\"requests\":%d,\"duration_us\":%d,\"bytes\":%d,"
                + "\"errors\":{\"connect\":%d,\"read\":%d,\"write\":0,\"status\":0,\"timeout\":%d},"
                + "\"latency_us\":{\"p50\":%d,\"p90\":%d,\"p99\":%d,\"max\":%d}}", MARKER, requests, durationMicros,
                bytes, connect, read, timeout, p50Micros, p90Micros, p99Micros, maxMicros);
    }
}
