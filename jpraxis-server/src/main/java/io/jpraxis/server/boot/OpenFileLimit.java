package io.jpraxis.server.boot;

import io.jpraxis.http.overload.OpenFileLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

    private OpenFileLimit() {
    }

    /**
     * Sets the soft limit of {@code pid} to {@code wanted}, clamped to the hard limit, and returns
     * the limits it then has.
     *
     * @throws IOException when the limit cannot be read or set; the message says why
     */
    static OpenFileLimits.Limits apply(long pid, long wanted) throws IOException {
        OpenFileLimits.Limits now = OpenFileLimits.read(pid);
        long target = Math.min(wanted, now.hard());
        if (target == now.soft()) {
            return now;
        }
        run(List.of("prlimit", "--pid", Long.toString(pid), "--nofile=" + target + ":"));
        OpenFileLimits.Limits after = OpenFileLimits.read(pid);
        if (after.soft() != target) {
            throw new IOException("prlimit left the open-file limit at " + after.soft() + ", not " + target);
        }
        return after;
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
