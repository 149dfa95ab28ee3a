package io.jpraxis.bench.extproc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * How long a process's threads sat runnable but waiting for a core ({@code /proc/PID/task/*
 * /schedstat}, second field, nanoseconds). On two shared cores this is where latency outliers come
 * from when other work competes: it is recorded beside the percentiles so a reader can tell.
 */
final class RunQueueWait {
    private RunQueueWait() {
    }

    /** The summed wait of {@code pid}'s live threads, in nanoseconds; 0 when unreadable. */
    static long nanos(long pid) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.mapToLong(RunQueueWait::taskWait).sum();
        } catch (IOException | java.io.UncheckedIOException e) {
            return 0;
        }
    }

    private static long taskWait(Path task) {
        try {
            String[] fields = Files.readString(task.resolve("schedstat")).trim().split(" ");
            return fields.length >= 2 ? Long.parseLong(fields[1]) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0; // a thread that ended meanwhile
        }
    }
}
