package io.jpraxis.server.reload;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls back once per burst of changes to the config file, on a thread of its own.
 *
 * <p>The parent directory is watched, not the file: editors save by writing a new file and
 * renaming it over the old one, and a Kubernetes ConfigMap swaps a {@code ..data} symbolic link
 * beside it; both leave a watch on the file itself pointing at a file that is gone. Only events
 * naming an entry the file is reached through count (see {@link WatchedNames}): the file's own
 * name and, when it is a relative symbolic link such as {@code config.yaml -> ..data/config.yaml},
 * the link's first step {@code ..data}, which the ConfigMap update renames a new link over. Other
 * files in the directory (logs, the timestamped folders the update creates and deletes, an editor's
 * swap file) are ignored; an overflow counts, since the lost events may have named the file.
 * Because some file systems deliver no
 * events at all (network mounts, some container overlays), the file's fingerprint is also polled
 * every {@code pollInterval} as a backstop. Bursts are coalesced by a {@link Debouncer}.
 *
 * <p>Right after the watch is registered the callback runs once, so a change made between the
 * initial load and the registration is not missed; the callback must therefore treat unchanged
 * content as a no-op (the reloader compares digests).
 */
final class ConfigWatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ConfigWatcher.class);
    /** How often the file's fingerprint is compared when no event arrives. */
    static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(2);

    private final Path file;
    private final Path directory;
    private final Debouncer debouncer;
    private final long pollNanos;
    private final Runnable onChange;
    /** False only in tests of the polling backstop. */
    private final boolean events;
    private final WatchService watch;
    private final Thread thread;
    /** Touched only by the watcher thread. */
    private WatchKey key;
    private volatile boolean closed;

    private ConfigWatcher(Path file, Debouncer debouncer, Duration pollInterval, Runnable onChange,
            boolean events) throws IOException {
        this.file = file.toAbsolutePath().normalize();
        this.directory = this.file.getParent();
        this.debouncer = debouncer;
        this.pollNanos = pollInterval.toNanos();
        this.onChange = onChange;
        this.events = events;
        this.watch = FileSystems.getDefault().newWatchService();
        this.thread = Thread.ofPlatform().daemon().name("jpraxis-config-watcher").unstarted(this::run);
    }

    /**
     * Starts watching {@code file}; {@code onChange} runs on the watcher thread, once right away
     * and then once per burst of changes, never concurrently with itself.
     *
     * @throws IOException when no watch service can be opened
     */
    static ConfigWatcher start(Path file, Debouncer debouncer, Duration pollInterval, Runnable onChange)
            throws IOException {
        return start(file, debouncer, pollInterval, onChange, true);
    }

    /** @param events false to rely on polling alone, as on a file system that reports no events */
    static ConfigWatcher start(Path file, Debouncer debouncer, Duration pollInterval, Runnable onChange,
            boolean events) throws IOException {
        ConfigWatcher watcher = new ConfigWatcher(file, debouncer, pollInterval, onChange, events);
        watcher.thread.start();
        return watcher;
    }

    private void run() {
        FileFingerprint seen = FileFingerprint.of(file);
        register();
        fire();
        long nextPoll = System.nanoTime() + pollNanos;
        while (!closed) {
            long now = System.nanoTime();
            long wait = Math.max(0, nextPoll - now);
            if (debouncer.pending()) {
                wait = Math.min(wait, debouncer.nanosUntilDue(now));
            }
            WatchKey signalled;
            try {
                signalled = watch.poll(wait, TimeUnit.NANOSECONDS);
            } catch (ClosedWatchServiceException | InterruptedException e) {
                break;
            }
            now = System.nanoTime();
            if (signalled != null) {
                drain(signalled, now);
            }
            if (now - nextPoll >= 0) {
                nextPoll = now + pollNanos;
                FileFingerprint current = FileFingerprint.of(file);
                if (!current.equals(seen)) {
                    seen = current;
                    debouncer.event(now);
                }
                if (events && (key == null || !key.isValid())) {
                    register(); // the directory was replaced or appeared late
                }
            }
            if (debouncer.due(now)) {
                debouncer.fired();
                // Taken before the reload reads the file: a change after this point is seen again.
                seen = FileFingerprint.of(file);
                fire();
            }
        }
        log.debug("config watcher for {} stopped", file);
    }

    private void drain(WatchKey signalled, long now) {
        for (WatchEvent<?> event : signalled.pollEvents()) {
            if (relevant(event)) {
                debouncer.event(now);
            }
        }
        if (!signalled.reset() && signalled == key) {
            log.debug("watch on {} is no longer valid; polling until it can be registered again", directory);
            key = null;
        }
    }

    private boolean relevant(WatchEvent<?> event) {
        if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
            return true; // events were lost: the file may be among them
        }
        // Read again for each event: the file may have been replaced by a link, or a link by a file.
        return WatchedNames.of(file).contains(String.valueOf(event.context()));
    }

    private void register() {
        if (!events) {
            return;
        }
        try {
            key = directory.register(watch, StandardWatchEventKinds.ENTRY_CREATE,
                    StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_DELETE);
        } catch (IOException | ClosedWatchServiceException e) {
            key = null;
            log.debug("cannot watch {} ({}); polling every {} ms", directory, e.toString(),
                    TimeUnit.NANOSECONDS.toMillis(pollNanos));
        }
    }

    private void fire() {
        try {
            onChange.run();
        } catch (RuntimeException e) {
            // The serving config is untouched by a failed reload; keep watching for the next change.
            log.error("config reload of {} failed", file, e);
        }
    }

    /** Stops watching; waits up to 2 s for a reload in progress, then leaves it to finish alone. */
    @Override
    public void close() {
        closed = true;
        try {
            watch.close();
        } catch (IOException e) {
            log.debug("closing the watch service of {} failed", directory, e);
        }
        if (Thread.currentThread() != thread) {
            try {
                thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
