package io.jpraxis.bench.load;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Starts jpraxis the way users do, through the {@code ./jpraxis} launcher, so the JVM options it
 * sets (now or later) and {@code JPRAXIS_JAVA_OPTS} apply here too; then finds the JVM among the
 * launcher's process and its descendants, since that is the process to measure.
 */
public final class JpraxisLauncher {
    private final Path root;

    /** A launcher for the checkout at {@code root} (where {@code ./jpraxis} lives). */
    public JpraxisLauncher(Path root) {
        this.root = root;
    }

    /** Starts {@code ./jpraxis -c config}, its output going to {@code log}. */
    public ManagedProcess start(String name, Path config, Path log) throws IOException {
        return start(name, config, null, log);
    }

    /** The same with {@code --features features} when that is not null (experimental filters). */
    public ManagedProcess start(String name, Path config, String features, Path log) throws IOException {
        List<String> argv = new ArrayList<>(List.of(root.resolve("jpraxis").toString(), "-c", config.toString()));
        if (features != null) {
            argv.addAll(List.of("--features", features));
        }
        return ManagedProcess.start(name, argv, root, log);
    }

    /**
     * The JVM's pid: the launcher's own once it has exec'd java (as it does today), else a
     * descendant running java. Empty while the launcher is still in its shell part.
     */
    public static Optional<Long> javaPid(ManagedProcess launched) {
        return Stream.concat(Stream.of(launched.handle()), launched.handle().descendants())
                .filter(p -> p.info().command().map(JpraxisLauncher::isJava).orElse(false))
                .map(ProcessHandle::pid)
                .findFirst();
    }

    static boolean isJava(String command) {
        return command.endsWith("/java") || command.equals("java");
    }
}
