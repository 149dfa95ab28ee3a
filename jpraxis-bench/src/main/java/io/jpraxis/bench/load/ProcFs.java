package io.jpraxis.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads a process's CPU time, resident memory, threads and open files from Linux's {@code /proc}
 * (see proc(5)).
 */
public final class ProcFs {
    private static final Path PROC = Path.of("/proc");
    /** utime is field 14 of /proc/PID/stat, stime field 15; counted from field 3, the first after comm. */
    private static final int UTIME_AFTER_COMM = 14 - 3;

    private ProcFs() {
    }

    /**
     * utime + stime in clock ticks from one {@code /proc/PID/stat} line. The command name (field
     * 2) sits in parentheses and may itself hold spaces and parentheses, so fields are counted
     * from the last ')'.
     */
    public static long cpuTicks(String statLine) {
        String[] fields = fieldsAfterComm(statLine);
        return Long.parseLong(fields[UTIME_AFTER_COMM]) + Long.parseLong(fields[UTIME_AFTER_COMM + 1]);
    }

    private static String[] fieldsAfterComm(String statLine) {
        int close = statLine.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("/proc stat line: \"" + statLine + "\" (expected: pid (comm) state ...)");
        }
        String[] fields = statLine.substring(close + 1).trim().split("\\s+");
        if (fields.length <= UTIME_AFTER_COMM + 3) {
            throw new IllegalArgumentException("/proc stat line: \"" + statLine + "\" (expected: 17 fields or more)");
        }
        return fields;
    }

    /**
     * utime + stime + cutime + cstime in clock ticks: the process's own CPU time and that of its
     * children it has waited for, such as the load tools the suite ran and reaped.
     */
    public static long cpuTicksWithReapedChildren(String statLine) {
        String[] fields = fieldsAfterComm(statLine);
        return cpuTicks(statLine) + Long.parseLong(fields[UTIME_AFTER_COMM + 2])
                + Long.parseLong(fields[UTIME_AFTER_COMM + 3]);
    }

    /**
     * The CPU time, in clock ticks, all CPUs spent running tasks (user, nice and system) and lost
     * to the hypervisor (steal), from the {@code cpu} line of {@code /proc/stat}. Interrupt and
     * softirq time is left out: the suite's own loopback traffic causes most of it.
     */
    public static MachineTicks machineTicks(String procStat) {
        String line = procStat.lines().filter(l -> l.startsWith("cpu ")).findFirst().orElseThrow(
                () -> new IllegalArgumentException("/proc/stat: no \"cpu \" line"));
        String[] f = line.substring(4).trim().split("\\s+");
        if (f.length < 8) {
            throw new IllegalArgumentException("/proc/stat cpu line: \"" + line + "\" (expected: 8 fields or more)");
        }
        long busy = Long.parseLong(f[0]) + Long.parseLong(f[1]) + Long.parseLong(f[2]);
        return new MachineTicks(busy, Long.parseLong(f[7]));
    }

    /** Machine-wide CPU ticks: {@code busy} running any task, {@code steal} taken by the hypervisor. */
    public record MachineTicks(long busy, long steal) {
    }

    /** VmRSS in KiB from a {@code /proc/PID/status} text; empty for a kernel thread or a zombie. */
    public static OptionalLong rssKiB(String statusText) {
        return statusText.lines().filter(l -> l.startsWith("VmRSS:")).findFirst()
                .map(l -> l.substring("VmRSS:".length()).trim().split("\\s+")[0])
                .map(v -> OptionalLong.of(Long.parseLong(v))).orElse(OptionalLong.empty());
    }

    /** The {@code Threads:} count from a {@code /proc/PID/status} text; empty when it has none. */
    public static OptionalLong threads(String statusText) {
        return statusText.lines().filter(l -> l.startsWith("Threads:")).findFirst()
                .map(l -> OptionalLong.of(Long.parseLong(l.substring("Threads:".length()).trim())))
                .orElse(OptionalLong.empty());
    }

    /** The process's thread count now, or empty when it is gone. */
    public static OptionalLong readThreads(long pid) {
        return read(pid, "status").map(ProcFs::threads).orElse(OptionalLong.empty());
    }

    /**
     * How many file descriptors the process has open (the entries of {@code /proc/PID/fd}: files,
     * sockets, pipes, epoll and io_uring instances); empty when it is gone. Reading another user's
     * process needs root or the same user.
     */
    public static OptionalLong readOpenFds(long pid) {
        try (var entries = Files.list(PROC.resolve(Long.toString(pid)).resolve("fd"))) {
            return OptionalLong.of(entries.count());
        } catch (NoSuchFileException e) {
            return OptionalLong.empty();
        } catch (IOException e) {
            if (ProcessHandle.of(pid).isEmpty()) {
                return OptionalLong.empty(); // it exited while being listed
            }
            throw new UncheckedIOException("listing /proc/" + pid + "/fd", e);
        }
    }

    /** The process's CPU ticks so far, or empty when it is gone. */
    public static OptionalLong readCpuTicks(long pid) {
        return read(pid, "stat").map(ProcFs::cpuTicks).map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    /** This JVM's CPU ticks with those of the children it reaped. */
    public static long readSelfCpuTicksWithReapedChildren() {
        return read(ProcessHandle.current().pid(), "stat").map(ProcFs::cpuTicksWithReapedChildren).orElseThrow();
    }

    /** The machine-wide CPU ticks now. */
    public static MachineTicks readMachineTicks() {
        try {
            return machineTicks(Files.readString(PROC.resolve("stat")));
        } catch (IOException e) {
            throw new UncheckedIOException("reading /proc/stat", e);
        }
    }

    /** The process's resident memory in KiB, or empty when it is gone. */
    public static OptionalLong readRssKiB(long pid) {
        return read(pid, "status").map(ProcFs::rssKiB).orElse(OptionalLong.empty());
    }

    private static Optional<String> read(long pid, String file) {
        try {
            return Optional.of(Files.readString(PROC.resolve(Long.toString(pid)).resolve(file)));
        } catch (NoSuchFileException e) {
            return Optional.empty(); // the process exited between listing and reading
        } catch (IOException e) {
            if (ProcessHandle.of(pid).isEmpty()) {
                return Optional.empty(); // it exited while being read (ESRCH)
            }
            throw new UncheckedIOException("reading /proc/" + pid + "/" + file, e);
        }
    }
}
