package io.jpraxis.bench.load;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Stops every process the suite started, newest first, both at the normal end and from a
 * shutdown hook on Ctrl-C or a crash, so no server is left holding a port or a core.
 */
public final class ProcessReaper {
    private final Deque<ManagedProcess> running = new ArrayDeque<>();

    /** A reaper whose {@link #stopAll()} also runs when the JVM shuts down. */
    public static ProcessReaper withShutdownHook() {
        ProcessReaper reaper = new ProcessReaper();
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("load-reaper").unstarted(reaper::stopAll));
        return reaper;
    }

    /** Remembers {@code process} for stopping; returns it. */
    public synchronized ManagedProcess track(ManagedProcess process) {
        running.push(process);
        return process;
    }

    /** Stops {@code process} now and forgets it. */
    public void stop(ManagedProcess process) {
        synchronized (this) {
            running.remove(process);
        }
        process.stop();
    }

    /** Stops every process still tracked, newest first. */
    public void stopAll() {
        List<ManagedProcess> toStop;
        synchronized (this) {
            toStop = new ArrayList<>(running);
            running.clear();
        }
        toStop.forEach(ManagedProcess::stop);
    }
}
