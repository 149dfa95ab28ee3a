package io.jpraxis.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/** Reads a process's CPU time and resident memory from Linux's {@code /proc} (see proc(5)). */
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
        int close = statLine.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("/proc stat line: \"" + statLine + "\" (expected: pid (comm) state ...)");
        }
        String[] fields = statLine.substring(close + 1).trim().split("\\s+");
        if (fields.length <= UTIME_AFTER_COMM + 1) {
            throw new IllegalArgumentException("/proc stat line: \"" + statLine + "\" (expected: 15 fields or more)");
        }
        return Long.parseLong(fields[UTIME_AFTER_COMM]) + Long.parseLong(fields[UTIME_AFTER_COMM + 1]);
    }

    /** VmRSS in KiB from a {@code /proc/PID/status} text; empty for a kernel thread or a zombie. */
    public static OptionalLong rssKiB(String statusText) {
        return statusText.lines().filter(l -> l.startsWith("VmRSS:")).findFirst()
                .map(l -> l.substring("VmRSS:".length()).trim().split("\\s+")[0])
                .map(v -> OptionalLong.of(Long.parseLong(v))).orElse(OptionalLong.empty());
    }

    /** The process's CPU ticks so far, or empty when it is gone. */
    public static OptionalLong readCpuTicks(long pid) {
        return read(pid, "stat").map(ProcFs::cpuTicks).map(OptionalLong::of).orElse(OptionalLong.empty());
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
