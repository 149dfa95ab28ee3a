package io.jpraxis.server.boot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Sets a process's soft open-file limit ({@code runtime.max_open_files}; see
 * docs/behaviour/config-loading.md#runtime-settings). Java 21 has no setrlimit, so the limit is
 * set with util-linux {@code prlimit} on the process's own pid, then read back from
 * {@code /proc/<pid>/limits}: what is logged is what the kernel holds, not what was asked.
 */
final class OpenFileLimit {
    private static final long PRLIMIT_TIMEOUT_SECONDS = 10;

    /** A process's open-file limits; {@code Long.MAX_VALUE} stands for "unlimited". */
    record Limits(long soft, long hard) {
    }

    private OpenFileLimit() {
    }

    /**
     * Sets the soft limit of {@code pid} to {@code wanted}, clamped to the hard limit, and returns
     * the limits it then has.
     *
     * @throws IOException when the limit cannot be read or set; the message says why
     */
    static Limits apply(long pid, long wanted) throws IOException {
        Limits now = read(pid);
        long target = Math.min(wanted, now.hard());
        if (target == now.soft()) {
            return now;
        }
        run(List.of("prlimit", "--pid", Long.toString(pid), "--nofile=" + target + ":"));
        Limits after = read(pid);
        if (after.soft() != target) {
            throw new IOException("prlimit left the open-file limit at " + after.soft() + ", not " + target);
        }
        return after;
    }

    static Limits read(long pid) throws IOException {
        return parse(Files.readAllLines(Path.of("/proc", Long.toString(pid), "limits"), StandardCharsets.US_ASCII));
    }

    /** The "Max open files" line of a {@code /proc/<pid>/limits} table. */
    static Limits parse(List<String> lines) throws IOException {
        for (String line : lines) {
            if (line.startsWith("Max open files")) {
                String[] fields = line.substring("Max open files".length()).trim().split("\\s+");
                if (fields.length >= 2) {
                    return new Limits(number(fields[0]), number(fields[1]));
                }
            }
        }
        throw new IOException("no 'Max open files' line in the process's limits");
    }

    private static long number(String field) throws IOException {
        if (field.equals("unlimited")) {
            return Long.MAX_VALUE;
        }
        try {
            return Long.parseLong(field);
        } catch (NumberFormatException e) {
            throw new IOException("unreadable open-file limit '" + field + "'");
        }
    }

    private static void run(List<String> command) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run prlimit (util-linux) to set it: " + e.getMessage());
        }
        try {
            if (!p.waitFor(PRLIMIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("prlimit did not finish within " + PRLIMIT_TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted while setting it");
        }
        if (p.exitValue() != 0) {
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            throw new IOException("prlimit failed (exit " + p.exitValue() + "): " + output);
        }
    }
}
