package io.jpraxis.bench.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs a quick command (a version query, getconf) and returns what it printed. */
public final class ShortCommand {
    private static final long TIMEOUT_SECONDS = 20;

    private ShortCommand() {
    }

    /**
     * Standard output and error together, trimmed, whatever the exit status (wrk -v exits 1);
     * empty when the command is missing, prints nothing or hangs, since every caller only wants an
     * informative string.
     */
    public static Optional<String> output(String... argv) {
        return output(Map.of(), argv);
    }

    /** The same with {@code environment} added to this process's own. */
    public static Optional<String> output(Map<String, String> environment, String... argv) {
        try {
            ProcessBuilder pb = new ProcessBuilder(List.of(argv)).redirectErrorStream(true);
            pb.environment().putAll(environment);
            Process p = pb.start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            String text = new String(out, StandardCharsets.UTF_8).trim();
            return text.isEmpty() ? Optional.empty() : Optional.of(text);
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
