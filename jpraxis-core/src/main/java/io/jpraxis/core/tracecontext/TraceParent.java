package io.jpraxis.core.tracecontext;

/**
 * A parsed W3C {@code traceparent} (Trace Context, section 3.2), reduced to what is propagated: read
 * by the {@code trace_context} filter and by the edge's OpenTelemetry spans alike.
 *
 * @param traceId 32 lower-case hex digits, not all zero
 * @param parentId 16 lower-case hex digits, not all zero
 * @param flags the trace flags this gateway understands: only {@link #SAMPLED}
 */
public record TraceParent(String traceId, String parentId, int flags) {
    /** The sampled flag (section 3.2.2.5.1), the only flag of version 00. */
    public static final int SAMPLED = 0x01;
    /** Length of a version-00 value, and of the fields every later version starts with. */
    public static final int LENGTH = 55;

    /**
     * Parses {@code value}, or returns null when it is not a valid traceparent (which the filter
     * treats as absent). A later version than 00 is read as far as version 00 goes, as section
     * 4.3 asks: its first 55 characters must parse, and anything after them must start with a
     * dash. Version {@code ff} is invalid; so are upper-case digits and all-zero ids.
     */
    public static TraceParent parse(String value) {
        if (value.length() < LENGTH || !isHex(value, 0, 2) || value.startsWith("ff")) {
            return null;
        }
        boolean version00 = value.startsWith("00");
        if (version00 ? value.length() != LENGTH : value.length() > LENGTH && value.charAt(LENGTH) != '-') {
            return null;
        }
        if (value.charAt(2) != '-' || value.charAt(35) != '-' || value.charAt(52) != '-') {
            return null;
        }
        if (!isHex(value, 3, 35) || !isHex(value, 36, 52) || !isHex(value, 53, 55)
                || isZero(value, 3, 35) || isZero(value, 36, 52)) {
            return null;
        }
        // Other flag bits are unknown here and must not be passed on as if they were understood.
        int flags = Character.digit(value.charAt(54), 16) & SAMPLED;
        return new TraceParent(value.substring(3, 35), value.substring(36, 52), flags);
    }

    /** The version-00 value for a hop with span {@code spanId} (section 3.2). */
    public static String render(String traceId, String spanId, int flags) {
        return "00-" + traceId + '-' + spanId + (flags == SAMPLED ? "-01" : "-00");
    }

    private static boolean isHex(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isZero(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) != '0') {
                return false;
            }
        }
        return true;
    }
}
