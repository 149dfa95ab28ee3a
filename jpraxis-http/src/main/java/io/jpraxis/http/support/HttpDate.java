package io.jpraxis.http.support;

import io.netty.handler.codec.DateFormatter;
import java.util.Date;

/**
 * The IMF-fixdate for {@code Date} headers (RFC 9110 5.6.7), formatted at most once per second
 * and shared by every event loop.
 */
public final class HttpDate {
    private static volatile Formatted last = new Formatted(Long.MIN_VALUE, "");

    private HttpDate() {
    }

    /** {@code Sun, 06 Nov 1994 08:49:37 GMT} for {@code epochMillis}. */
    public static String format(long epochMillis) {
        long second = Math.floorDiv(epochMillis, 1000);
        Formatted cached = last;
        if (cached.second != second) {
            cached = new Formatted(second, DateFormatter.format(new Date(second * 1000)));
            last = cached;
        }
        return cached.text;
    }

    private record Formatted(long second, String text) {
    }
}
