package io.jpraxis.bench.extproc;

import io.jpraxis.bench.load.ClockTicks;
import io.jpraxis.bench.load.ProcFs;

/** Wall time and the server's and this client's CPU time (from /proc) over one measured window. */
final class CpuWindow {
    private static final long TICKS_PER_SECOND = ClockTicks.perSecond();

    private final long serverPid;
    private long startNanos;
    private long startServerTicks;
    private long startClientTicks;
    private long startServerWait;

    CpuWindow(long serverPid) {
        this.serverPid = serverPid;
    }

    void start() {
        startNanos = System.nanoTime();
        startServerTicks = ProcFs.readCpuTicks(serverPid).orElse(0);
        startClientTicks = ProcFs.readCpuTicks(ProcessHandle.current().pid()).orElse(0);
        startServerWait = RunQueueWait.nanos(serverPid);
    }

    /** The figures since {@link #start}. */
    Measured stop() {
        long nanos = System.nanoTime() - startNanos;
        long server = ProcFs.readCpuTicks(serverPid).orElse(0) - startServerTicks;
        long client = ProcFs.readCpuTicks(ProcessHandle.current().pid()).orElse(0) - startClientTicks;
        long waited = RunQueueWait.nanos(serverPid) - startServerWait;
        return new Measured(nanos / 1e9, server / (double) TICKS_PER_SECOND, client / (double) TICKS_PER_SECOND,
                waited / 1e9);
    }

    /**
     * Seconds of wall time, of CPU time (user + system) of the server and of the load client, and
     * of the server's threads waiting runnable for a core.
     */
    record Measured(double wallSeconds, double serverCpuSeconds, double clientCpuSeconds, double serverRunQueueSeconds) {
        /** Server CPU microseconds per decision; NaN without decisions. */
        double serverMicrosPer(long decisions) {
            return decisions == 0 ? Double.NaN : serverCpuSeconds * 1e6 / decisions;
        }
    }
}
