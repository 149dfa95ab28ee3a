package io.jpraxis.bench.load;

/** The option-value readers the bench commands share; each error names the option and what it expects. */
public final class OptionArgs {
    private OptionArgs() {
    }

    /** The value after {@code option} at {@code args[i]}. */
    public static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + ": missing value");
        }
        return args[i];
    }

    /** {@code text} as a positive integer. */
    public static int positive(String option, String text) {
        try {
            int n = Integer.parseInt(text);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with the option's name
        }
        throw new IllegalArgumentException(option + ": \"" + text + "\" (expected: a positive integer)");
    }
}
