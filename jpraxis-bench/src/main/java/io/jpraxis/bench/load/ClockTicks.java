package io.jpraxis.bench.load;

/** The kernel's clock tick rate, the unit of /proc CPU times. */
public final class ClockTicks {
    /** The value on every common Linux build, used when getconf is missing. */
    private static final long USUAL = 100;

    private ClockTicks() {
    }

    /** {@code getconf CLK_TCK}, ticks per second. */
    public static long perSecond() {
        return ShortCommand.output("getconf", "CLK_TCK").filter(v -> v.matches("[1-9][0-9]*")).map(Long::parseLong)
                .orElse(USUAL);
    }
}
