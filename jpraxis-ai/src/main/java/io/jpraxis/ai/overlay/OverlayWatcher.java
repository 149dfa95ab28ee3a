package io.jpraxis.ai.overlay;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches an overlay file's parent directory, not the file, so a Kubernetes ConfigMap's {@code
 * ..data} symlink swap is seen (see docs/behaviour/intelligent-route.md#overlay-reload); any event
 * in it, once the burst has been quiet for the debounce window, triggers one reload.
 */
final class OverlayWatcher {
    private static final Logger LOG = LoggerFactory.getLogger(OverlayWatcher.class);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration JOIN_TIMEOUT = Duration.ofSeconds(2);
    /** A burst that never settles still reloads after this many debounce windows. */
    private static final int MAX_DEBOUNCE_WINDOWS = 20;

    private final Path directory;
    private final Duration debounce;
    private final Runnable reload;
    private final WatchService watchService;
    private final CountDownLatch ready = new CountDownLatch(1);
    private final AtomicReference<IOException> registerFailure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean stopped;

    private OverlayWatcher(Path file, Duration debounce, Runnable reload) throws IOException {
        this.directory = file.getParent();
        this.debounce = debounce;
        this.reload = reload;
        this.watchService = FileSystems.getDefault().newWatchService();
        this.thread = Thread.ofPlatform().daemon().name("overlay-watch-" + file.getFileName()).unstarted(this::run);
    }

    /** Starts watching and returns once the watcher re-read the file after registering (at most 5 s). */
    static OverlayWatcher start(Path file, Duration debounce, Runnable reload) {
        OverlayWatcher watcher;
        try {
            watcher = new OverlayWatcher(file, debounce, reload);
        } catch (IOException e) {
            throw new OverlayLoadException(null, "overlay_file: " + file + " cannot be watched (" + e + ")", e);
        }
        watcher.thread.start();
        boolean isReady;
        try {
            isReady = watcher.ready.await(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            isReady = false;
        }
        IOException failure = watcher.registerFailure.get();
        if (!isReady || failure != null) {
            watcher.stop();
            throw new OverlayLoadException(null, "overlay_file: " + file + (failure != null
                    ? " cannot be watched (" + failure + ")" : " watcher not ready within " + READY_TIMEOUT.toSeconds() + " s"),
                    failure);
        }
        return watcher;
    }

    private void run() {
        try {
            directory.register(watchService, ENTRY_CREATE, ENTRY_MODIFY, ENTRY_DELETE);
        } catch (IOException | ClosedWatchServiceException e) {
            registerFailure.set(e instanceof IOException io ? io : new IOException(e));
            ready.countDown();
            return;
        }
        // The file may have changed between the cold start and the registration: read it once more.
        reloadSafely();
        ready.countDown();
        try {
            while (!stopped) {
                if (!drain(watchService.take())) {
                    return;
                }
                settle();
                reloadSafely();
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            LOG.debug("overlay watcher for {} stopped", directory);
        }
    }

    /** Waits until no event came for one debounce window, draining what does come. */
    private void settle() throws InterruptedException {
        for (int window = 0; window < MAX_DEBOUNCE_WINDOWS; window++) {
            WatchKey more = watchService.poll(debounce.toMillis(), TimeUnit.MILLISECONDS);
            if (more == null || !drain(more)) {
                return;
            }
        }
    }

    /** Consumes a key's events; false when the directory can no longer be watched. */
    private boolean drain(WatchKey key) {
        key.pollEvents();
        if (key.reset()) {
            return true;
        }
        if (!stopped) {
            LOG.error("overlay directory {} can no longer be watched (removed?); reloads stop, the last snapshot keeps serving",
                    directory);
        }
        return false;
    }

    private void reloadSafely() {
        try {
            reload.run();
        } catch (RuntimeException e) {
            LOG.error("overlay reload from {} failed unexpectedly; the last snapshot keeps serving", directory, e);
        }
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    /** Cancels the watch and joins the thread for up to 2 s; after that it is left to end on its own. */
    void stop() {
        stopped = true;
        try {
            watchService.close();
        } catch (IOException e) {
            LOG.debug("closing the watch service of {}", directory, e);
        }
        // Closing wakes take() and poll(); no interrupt, which would also close a file channel mid-read.
        if (Thread.currentThread() == thread) {
            return;
        }
        try {
            thread.join(JOIN_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.warn("overlay watcher for {} did not stop within {} s; detached", directory, JOIN_TIMEOUT.toSeconds());
        }
    }
}
