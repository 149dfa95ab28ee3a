package io.jpraxis.bench.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;

/**
 * Reads h2load's {@code --log-file}: one tab-separated line per request (start time in µs since
 * the epoch, status or -1 for a failed stream, µs until the end of the response) into the
 * latencies of the requests that got an answer.
 */
public final class H2loadLogParser {
    private H2loadLogParser() {
    }

    /** The latencies in µs, ascending, of every request that completed (status other than -1). */
    public static long[] latencies(Reader log) throws IOException {
        long[] values = new long[1024];
        int n = 0;
        BufferedReader lines = new BufferedReader(log);
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            String[] fields = line.split("\t");
            if (fields.length < 3) {
                throw new IllegalArgumentException("h2load log line: \"" + line
                        + "\" (expected: start_us<TAB>status<TAB>duration_us)");
            }
            if (Integer.parseInt(fields[1].trim()) < 0) {
                continue; // a failed stream has no meaningful latency; the summary counts it
            }
            if (n == values.length) {
                values = Arrays.copyOf(values, n * 2);
            }
            values[n++] = Long.parseLong(fields[2].trim());
        }
        long[] result = Arrays.copyOf(values, n);
        Arrays.sort(result);
        return result;
    }
}
