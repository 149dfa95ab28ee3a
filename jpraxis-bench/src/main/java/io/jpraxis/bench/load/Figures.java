package io.jpraxis.bench.load;

import java.util.Locale;

/** How figures are written in the reports: fixed decimals, "-" for a figure that is missing. */
public final class Figures {
    static final String MISSING = "-";

    private Figures() {
    }

    /** A count or rate with thousands separators: {@code 41,230}. */
    public static String count(double v) {
        return Double.isNaN(v) ? MISSING : String.format(Locale.ROOT, "%,.0f", v);
    }

    /** One decimal: {@code 12.3}. */
    public static String one(double v) {
        return Double.isNaN(v) ? MISSING : String.format(Locale.ROOT, "%.1f", v);
    }

    /** {@code a / b} with two decimals. */
    public static String ratio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) || b == 0 ? MISSING : String.format(Locale.ROOT, "%.2f", a / b);
    }

    /** Microseconds written as milliseconds with two decimals: {@code 1.23}. */
    public static String millis(double micros) {
        return Double.isNaN(micros) ? MISSING : String.format(Locale.ROOT, "%.2f", micros / 1000);
    }

    /** As few decimals as the size needs, for chart labels: {@code 250}, {@code 12.5}, {@code 0.62}. */
    public static String compact(double v) {
        if (Double.isNaN(v)) {
            return MISSING;
        }
        String pattern = Math.abs(v) >= 100 ? "%,.0f" : Math.abs(v) >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, v);
    }
}
