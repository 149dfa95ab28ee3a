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
    private boolean shuttingDown;

    /** A reaper whose {@link #stopAll()} also runs when the JVM shuts down. */
    public static ProcessReaper withShutdownHook() {
        ProcessReaper reaper = new ProcessReaper();
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("load-reaper").unstarted(reaper::shutDown));
        return reaper;
    }

    /**
     * Remembers {@code process} for stopping; returns it. Once the JVM is shutting down the main
     * thread may still be starting the next run: that process is stopped at once instead.
     */
    public ManagedProcess track(ManagedProcess process) {
        synchronized (this) {
            if (!shuttingDown) {
                running.push(process);
                return process;
            }
        }
        process.stop();
        throw new IllegalStateException(process.name() + ": not started, the suite is shutting down");
    }

    /** Stops everything and every process tracked later: the JVM is going away. */
    private void shutDown() {
        synchronized (this) {
            shuttingDown = true;
        }
        stopAll();
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
