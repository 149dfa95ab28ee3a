package io.jpraxis.bench.load;

import java.util.ArrayList;
import java.util.List;

/**
 * A server as the kernel sees it: its main process and every process below it, such as nginx's
 * master and its workers, whose figures are summed.
 */
public record ProcessGroup(long rootPid) {

    /** The root and its descendants alive now, root first. */
    public List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        pids.add(rootPid);
        ProcessHandle.of(rootPid).ifPresent(root -> root.descendants().forEach(p -> pids.add(p.pid())));
        return List.copyOf(pids);
    }

    /** The summed utime + stime, in clock ticks, of {@code pids} (those gone count as 0). */
    public static long cpuTicks(List<Long> pids) {
        return pids.stream().mapToLong(pid -> ProcFs.readCpuTicks(pid).orElse(0)).sum();
    }

    /** The summed resident memory, in KiB, of {@code pids}. */
    public static long rssKiB(List<Long> pids) {
        return pids.stream().mapToLong(pid -> ProcFs.readRssKiB(pid).orElse(0)).sum();
    }
}
