package io.jpraxis.bench.load;

/**
 * How much of the machine other work took during a run: CPU time spent outside the suite's own
 * processes (its JVM, the targets and the load tools it ran), and time the hypervisor stole. The
 * figures say how far a run's numbers may be perturbed; they are not corrected for.
 */
public final class OtherLoad {
    private OtherLoad() {
    }

    /** Machine and suite CPU counters at one moment. */
    public record Snapshot(long nanos, ProcFs.MachineTicks machine, long suiteTicks) {
    }

    /**
     * The share of the machine's CPU capacity between two snapshots.
     *
     * @param otherPercent used by processes outside the suite (kernel threads woken by the suite's
     *     own traffic, such as ksoftirqd, count here too)
     * @param stealPercent taken by the hypervisor
     */
    public record Share(double otherPercent, double stealPercent) {
    }

    /**
     * Counters now. Taken between runs, when no load tool is alive: the tools that ran are then in
     * this JVM's reaped-children time, and every target is a live descendant.
     */
    public static Snapshot take() {
        long suite = ProcFs.readSelfCpuTicksWithReapedChildren() + ProcessHandle.current().descendants()
                .mapToLong(p -> ProcFs.readCpuTicks(p.pid()).orElse(0)).sum();
        return new Snapshot(System.nanoTime(), ProcFs.readMachineTicks(), suite);
    }

    /** The share of {@code cpus} CPUs' capacity, at {@code ticksPerSecond}, used between {@code a} and {@code b}. */
    public static Share between(Snapshot a, Snapshot b, long ticksPerSecond, int cpus) {
        double capacity = (b.nanos() - a.nanos()) / 1e9 * ticksPerSecond * cpus;
        if (capacity <= 0) {
            return new Share(Double.NaN, Double.NaN);
        }
        long busy = b.machine().busy() - a.machine().busy();
        long suite = b.suiteTicks() - a.suiteTicks();
        long steal = b.machine().steal() - a.machine().steal();
        return new Share(100 * Math.max(0, busy - suite) / capacity, 100 * steal / capacity);
    }
}
