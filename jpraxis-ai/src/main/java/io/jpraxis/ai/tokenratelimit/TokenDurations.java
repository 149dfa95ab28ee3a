package io.jpraxis.ai.tokenratelimit;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The durations of {@code token_rate_limit} ({@code window}, {@code reservation_timeout}):
 * {@code <integer><unit>} with unit {@code ms}, {@code s}, {@code m} or {@code h}, as Praxis reads
 * them; zero, fractions, other units and values past a long of milliseconds are refused.
 */
final class TokenDurations {
    static final String EXPECTATION = "a duration <integer><unit> with unit ms, s, m or h, greater than 0 (30s, 500ms)";
    private static final Pattern FORM = Pattern.compile("([0-9]{1,19})(ms|s|m|h)");

    private TokenDurations() {
    }

    /** Milliseconds, or empty when {@code text} is not a valid duration. */
    static OptionalLong millis(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            return OptionalLong.empty();
        }
        long unit = switch (m.group(2)) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            default -> 3_600_000;
        };
        try {
            long amount = Long.parseLong(m.group(1));
            long ms = Math.multiplyExact(amount, unit);
            return ms == 0 ? OptionalLong.empty() : OptionalLong.of(ms);
        } catch (ArithmeticException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
