package io.jpraxis.filters.support.regex;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import java.util.Optional;

/**
 * Compiles a filter's regular expression with RE2/J, a linear-time engine, so a pattern can never
 * make matching exponential and jpraxis accepts and refuses the same patterns as Praxis's engine
 * (see docs/behaviour/regular-expressions.md). Backreferences and look-around are load errors.
 */
public final class LinearRegex {
    /** The longest pattern accepted, in characters. */
    public static final int MAX_PATTERN_CHARS = 1024;
    /** How much of a refused pattern a diagnostic echoes. */
    static final int ECHO_CHARS = 128;
    /** The largest compiled program accepted, in bytes (Praxis's engine limit). */
    public static final long MAX_COMPILED_BYTES = 1L << 20;
    /** Bytes charged per instruction unit of {@link CompiledSizeEstimate}. */
    static final long BYTES_PER_UNIT = 16;

    private LinearRegex() {
    }

    /**
     * The compiled {@code pattern}, or empty after reporting why it was refused at {@code path}.
     */
    public static Optional<Pattern> compile(String pattern, ConfigPath path, int line, Diagnostics d) {
        if (pattern.isEmpty()) {
            d.error(path, line, "empty pattern (expected: a regular expression)");
            return Optional.empty();
        }
        if (pattern.length() > MAX_PATTERN_CHARS) {
            d.error(path, line, "pattern " + echo(pattern) + " is " + pattern.length()
                    + " characters long (expected: at most " + MAX_PATTERN_CHARS + ")");
            return Optional.empty();
        }
        Pattern compiled;
        try {
            compiled = Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            d.error(path, line, "pattern " + echo(pattern) + " is not a linear-time regular expression: "
                    + e.getDescription() + " (expected: RE2 syntax, without backreferences or look-around)");
            return Optional.empty();
        }
        long bytes = CompiledSizeEstimate.units(pattern) * BYTES_PER_UNIT;
        if (bytes > MAX_COMPILED_BYTES) {
            d.error(path, line, "pattern " + echo(pattern) + " compiles to an estimated " + bytes
                    + " bytes (expected: at most " + MAX_COMPILED_BYTES + "; nested repetition counts multiply)");
            return Optional.empty();
        }
        return Optional.of(compiled);
    }

    /** The pattern quoted, cut to {@value #ECHO_CHARS} characters. */
    static String echo(String pattern) {
        String shown = pattern.length() <= ECHO_CHARS ? pattern : pattern.substring(0, ECHO_CHARS) + "...";
        return "\"" + shown + "\"";
    }
}
