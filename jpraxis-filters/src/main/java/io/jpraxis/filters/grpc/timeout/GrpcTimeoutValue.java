package io.jpraxis.filters.grpc.timeout;

import java.time.Duration;

/**
 * The {@code grpc-timeout} header's value both ways (see
 * docs/reference/filters/grpc_timeout.md#the-grpc-timeout-header): one to eight ASCII digits, then
 * one case-sensitive unit, {@code H} hours, {@code M} minutes, {@code S} seconds, {@code m}
 * milliseconds, {@code u} microseconds, {@code n} nanoseconds; zero is not a timeout.
 */
final class GrpcTimeoutValue {
    static final int MAX_DIGITS = 8;
    private static final long MAX_VALUE = 99_999_999L;
    /** Units from the coarsest down, with their length in nanoseconds. */
    private static final char[] UNITS = {'H', 'M', 'S', 'm', 'u', 'n'};
    private static final long[] UNIT_NANOS = {
        3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1L};

    private GrpcTimeoutValue() {
    }

    /** What a header value says. */
    sealed interface Parsed permits Valid, Malformed {
    }

    /** A well-formed value. */
    record Valid(Duration timeout) implements Parsed {
    }

    /** A value no gRPC peer may send; {@code reason} says which rule it broke. */
    record Malformed(String reason) implements Parsed {
    }

    static Parsed parse(String value) {
        if (value.isEmpty()) {
            return new Malformed("empty");
        }
        int unitAt = value.length() - 1;
        long unitNanos = unitNanos(value.charAt(unitAt));
        if (unitNanos < 0) {
            return new Malformed("unknown unit '" + value.charAt(unitAt) + "' (expected: H, M, S, m, u or n)");
        }
        if (unitAt == 0) {
            return new Malformed("no digits before the unit");
        }
        if (unitAt > MAX_DIGITS) {
            return new Malformed(unitAt + " digits (expected: at most " + MAX_DIGITS + ")");
        }
        long n = 0;
        for (int i = 0; i < unitAt; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return new Malformed("not a plain decimal number (no sign, space or point)");
            }
            n = n * 10 + (c - '0');
        }
        if (n == 0) {
            return new Malformed("zero");
        }
        // At most 99,999,999 hours: 3.6e20 ns would overflow a long, so hours go through seconds.
        return new Valid(unitNanos == UNIT_NANOS[0] ? Duration.ofHours(n)
                : Duration.ofNanos(Math.multiplyExact(n, unitNanos)));
    }

    /**
     * {@code remaining} as a header value: the coarsest unit that says it exactly in at most eight
     * digits ({@code 250m}, not {@code 250000000n}); when none does, the finest unit that fits,
     * truncated, since rounding up would give the upstream more time than the client has; never
     * less than {@code 1n}.
     */
    static String encode(Duration remaining) {
        long nanos = remaining.isNegative() ? 0 : saturatedNanos(remaining);
        for (int i = 0; i < UNITS.length; i++) {
            long value = nanos / UNIT_NANOS[i];
            if (nanos % UNIT_NANOS[i] == 0 && value >= 1 && value <= MAX_VALUE) {
                return value + String.valueOf(UNITS[i]);
            }
        }
        for (int i = UNITS.length - 1; i >= 0; i--) {
            long value = nanos / UNIT_NANOS[i];
            if (value <= MAX_VALUE) {
                return Math.max(1, value) + String.valueOf(UNITS[i]);
            }
        }
        return MAX_VALUE + "H";
    }

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static long unitNanos(char unit) {
        for (int i = 0; i < UNITS.length; i++) {
            if (UNITS[i] == unit) {
                return UNIT_NANOS[i];
            }
        }
        return -1;
    }
}
