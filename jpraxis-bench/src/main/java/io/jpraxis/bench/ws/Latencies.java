package io.jpraxis.bench.ws;

import java.util.Arrays;

/** Round-trip times in nanoseconds, kept whole (a run holds a few million at most) and sorted once. */
final class Latencies {
    private long[] values = new long[1 << 16];
    private int size;

    void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
    }

    int size() {
        return size;
    }

    /** The given percentile in whole microseconds (nearest rank), or 0 when empty; sorts the values. */
    long percentileMicros(double percentile) {
        if (size == 0) {
            return 0;
        }
        Arrays.sort(values, 0, size);
        int rank = (int) Math.ceil(percentile / 100.0 * size);
        return values[Math.clamp(rank - 1, 0, size - 1)] / 1000;
    }
}
