package io.jpraxis.http.server.tls;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reloads listeners' certificates when their files change, on one daemon thread for the whole
 * gateway (see docs/behaviour/certificate-reload.md).
 *
 * <p>The parent directories of a listener's files are watched, not the files: editors save by
 * renaming a new file over the old one and a Kubernetes secret volume swaps a {@code ..data}
 * symbolic link beside them, and either leaves a watch on the file itself pointing at a file that
 * is gone. Any change in those directories schedules a reload ({@link ReloadSchedule} coalesces
 * bursts, cools down after a success and backs off after a failure, retrying without waiting for
 * another change); a reload whose files are byte for byte those last loaded is skipped, so other
 * files in a shared directory cost no handshake state. A directory that disappears is looked for
 * again every {@link #RECHECK_INTERVAL} and, once back, its listeners reload; at the same interval
 * the files' fingerprints are compared with those loaded, for file systems that send no events.
 *
 * <p>Thread-safe: {@link #watch} and {@link #unwatch} may be called from any thread; the
 * reloads run on the watcher's thread, one at a time.
 */
public final class CertificateWatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(CertificateWatcher.class);
    /** How often directories that could not be watched are tried again. */
    static final Duration RECHECK_INTERVAL = Duration.ofSeconds(2);

    private final MeterRegistry meters;
    private final ReloadDelays delays;
    /** Opened with the first watch, so a gateway without reloading listeners holds no watch or thread. */
    private WatchService watchService;
    private Thread thread;
    /** Guarded by {@code this}, as is every listener's schedule. */
    private final Map<String, WatchedListener> listeners = new LinkedHashMap<>();
    private final Map<Path, WatchKey> keys = new HashMap<>();
    private final Map<WatchKey, Path> directories = new HashMap<>();
    private volatile boolean closed;

    /** With the standard delays: 500 ms, 5 s cooldown, backoff to 60 s. */
    public CertificateWatcher(MeterRegistry meters) {
        this(meters, ReloadDelays.STANDARD);
    }

    public CertificateWatcher(MeterRegistry meters, ReloadDelays delays) {
        this.meters = meters;
        this.delays = delays;
    }

    /**
     * Watches {@code listener}'s files when its {@code tls} block reloads (see
     * {@link WatchedTlsFiles#of}); {@code target} is its material, which the watcher reloads.
     *
     * @return whether the listener is watched
     */
    public boolean watch(String listener, ListenerTlsConfig tls, ReloadableTls target) {
        Optional<WatchedTlsFiles> files = WatchedTlsFiles.of(tls);
        // hot_reload: true with several certificates never gets here: loading refuses it.
        files.ifPresent(f -> watch(listener, f, target));
        return files.isPresent();
    }

    /**
     * Starts watching {@code files} for {@code listener}, whose material {@code target} reloads.
     * The files as they are now count as loaded, so watch before the material is first read: a
     * change while it is read is then an event. The watcher thread starts with the first watch.
     *
     * @throws IllegalArgumentException when the listener is watched already
     * @throws IllegalStateException after {@link #close()}
     */
    public synchronized void watch(String listener, WatchedTlsFiles files, ReloadableTls target) {
        if (closed) {
            throw new IllegalStateException("certificate watcher closed; cannot watch listener " + listener);
        }
        if (listeners.containsKey(listener)) {
            throw new IllegalArgumentException("listener " + listener + " (expected: not watched yet)");
        }
        if (watchService == null) {
            start();
        }
        WatchedListener watched = new WatchedListener(listener, files, target, new ReloadSchedule(delays),
                new ReloadMeters(meters, listener));
        listeners.put(listener, watched);
        // Registered before the fingerprint is taken, so a change after it is an event.
        files.directories().forEach(this::register);
        watched.loaded = files.fingerprint();
        watched.served = readLeaf(files.certificate());
        log.info("listener {}: watching {} for certificate changes", listener, files.directories());
    }

    private void start() {
        try {
            watchService = FileSystems.getDefault().newWatchService();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a file watch service for certificate reloads", e);
        }
        WatchService service = watchService;
        thread = Thread.ofPlatform().daemon().name("jpraxis-certificate-watcher").start(() -> run(service));
    }

    /** Stops watching {@code listener}; a reload already running finishes. No-op when not watched. */
    public synchronized void unwatch(String listener) {
        WatchedListener removed = listeners.remove(listener);
        if (removed == null) {
            return;
        }
        for (Path directory : removed.files.directories()) {
            if (listenersOf(directory).isEmpty()) {
                WatchKey key = keys.remove(directory);
                if (key != null) {
                    directories.remove(key);
                    key.cancel();
                }
            }
        }
    }

    /** Listeners being watched, in the order they were added. */
    public synchronized List<String> watched() {
        return List.copyOf(listeners.keySet());
    }

    private void run(WatchService service) {
        long nextRecheck = System.nanoTime() + RECHECK_INTERVAL.toNanos();
        while (!closed) {
            WatchKey signalled;
            try {
                signalled = service.poll(nanosToWait(nextRecheck), TimeUnit.NANOSECONDS);
            } catch (ClosedWatchServiceException | InterruptedException e) {
                break;
            }
            try {
                nextRecheck = turn(service, signalled, nextRecheck);
            } catch (Throwable t) {
                // An Error building a context (out of memory, a broken provider) must not end reloads for good.
                log.error("certificate watcher: a reload round failed; watching goes on", t);
            }
        }
        log.debug("certificate watcher stopped");
    }

    /** One round of the loop: queued events, the periodic recheck, then the reloads that are due. */
    private long turn(WatchService service, WatchKey signalled, long nextRecheck) {
        long now = System.nanoTime();
        long next = nextRecheck;
        List<WatchedListener> due = new ArrayList<>();
        synchronized (this) {
            for (WatchKey key = signalled; key != null; key = service.poll()) {
                dispatch(key, now);
            }
            if (now - nextRecheck >= 0) {
                next = now + RECHECK_INTERVAL.toNanos();
                registerMissing(now);
                scheduleChangedFiles(now);
            }
            listeners.values().stream().filter(l -> l.schedule.due(now)).forEach(due::add);
        }
        due.forEach(this::reload);
        return next;
    }

    /**
     * The backstop for file systems that send no change events (network mounts, some container
     * overlays): listeners whose files now differ from those last loaded, each scheduled for a
     * reload unless one is pending already. A file that cannot be read is left to the next event.
     */
    synchronized List<String> scheduleChangedFiles(long now) {
        List<String> changed = new ArrayList<>();
        for (WatchedListener l : listeners.values()) {
            Optional<String> fingerprint = l.files.fingerprint();
            if (fingerprint.isPresent() && !fingerprint.equals(l.loaded)) {
                changed.add(l.listener);
                if (!l.schedule.pending() && !l.schedule.failing()) {
                    l.schedule.event(now);
                }
            }
        }
        return changed;
    }

    private synchronized long nanosToWait(long nextRecheck) {
        long now = System.nanoTime();
        long wait = Math.max(0, nextRecheck - now);
        for (WatchedListener l : listeners.values()) {
            if (l.schedule.pending()) {
                wait = Math.min(wait, l.schedule.nanosUntilDue(now));
            }
        }
        return wait;
    }

    /** Any event, an overflow included, schedules a reload of every listener with a file in the directory. */
    private void dispatch(WatchKey key, long now) {
        boolean changed = !key.pollEvents().isEmpty();
        Path directory = directories.get(key);
        if (directory == null) {
            return; // cancelled by unwatch while its events were queued
        }
        if (changed) {
            listenersOf(directory).forEach(l -> l.schedule.event(now));
        }
        if (!key.reset()) {
            log.warn("{} is gone; certificate changes there are noticed once it is back", directory);
            keys.remove(directory);
            directories.remove(key);
        }
    }

    private void registerMissing(long now) {
        for (WatchedListener l : listeners.values()) {
            for (Path directory : l.files.directories()) {
                if (!keys.containsKey(directory) && register(directory)) {
                    listenersOf(directory).forEach(back -> back.schedule.event(now)); // changed while unwatched?
                }
            }
        }
    }

    private boolean register(Path directory) {
        if (keys.containsKey(directory)) {
            return true;
        }
        try {
            WatchKey key = directory.register(watchService, StandardWatchEventKinds.ENTRY_CREATE,
                    StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_DELETE);
            keys.put(directory, key);
            directories.put(key, directory);
            return true;
        } catch (IOException e) {
            log.debug("cannot watch {} ({}); trying again every {} s", directory, e.toString(),
                    RECHECK_INTERVAL.toSeconds());
            return false;
        }
    }

    private List<WatchedListener> listenersOf(Path directory) {
        return listeners.values().stream().filter(l -> l.files.directories().contains(directory)).toList();
    }

    private void reload(WatchedListener l) {
        Optional<String> fingerprint = l.files.fingerprint();
        if (fingerprint.isPresent() && fingerprint.equals(l.loaded)) {
            boolean wasFailing;
            synchronized (this) {
                wasFailing = l.schedule.failing();
                l.schedule.unchanged();
            }
            if (wasFailing) {
                log.info("listener {}: certificate files are back to those served; nothing to reload", l.listener);
            } else {
                log.debug("listener {}: certificate files unchanged; nothing to reload", l.listener);
            }
            return;
        }
        try {
            List<X509Certificate> served = l.target.reload();
            synchronized (this) {
                l.schedule.succeeded(System.nanoTime());
            }
            // A watched listener has one certificate (hot_reload needs exactly one).
            X509Certificate leaf = served.isEmpty() ? null : served.get(0);
            l.loaded = fingerprint;
            l.served = leaf;
            l.meters.success();
            log.info("listener {}: certificate reloaded from {}: {}", l.listener, l.files.certificate(),
                    describe(leaf));
        } catch (Exception e) {
            Duration retry;
            synchronized (this) {
                l.schedule.failed(System.nanoTime());
                retry = l.schedule.retryDelay();
            }
            l.meters.failure();
            log.warn("listener {}: certificate reload from {} failed ({}); still serving the last good certificate"
                    + " ({}); trying again in {} ms", l.listener, l.files.certificate(), e.getMessage(),
                    describe(l.served), retry.toMillis());
        }
    }

    private static String describe(X509Certificate leaf) {
        return leaf == null ? "unknown"
                : "subject " + leaf.getSubjectX500Principal().getName() + ", expires " + leaf.getNotAfter().toInstant();
    }

    /** The leaf of the chain in {@code file}, for the log until the first reload; null when it does not parse. */
    private static X509Certificate readLeaf(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        } catch (IOException | GeneralSecurityException | ClassCastException e) {
            log.debug("cannot read the served certificate {} ({})", file, e.toString());
            return null;
        }
    }

    /** Stops watching; waits up to 2 s for a reload in progress, then leaves it to finish alone. */
    @Override
    public void close() {
        List<String> names;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            names = List.copyOf(listeners.keySet());
        }
        names.forEach(this::unwatch);
        WatchService opened;
        Thread running;
        synchronized (this) {
            opened = watchService;
            running = thread;
        }
        if (opened == null) {
            return;
        }
        try {
            opened.close();
        } catch (IOException e) {
            log.debug("closing the certificate watch service failed", e);
        }
        if (Thread.currentThread() != running) {
            try {
                running.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A watched listener; {@link #loaded} and {@link #served} are touched by the watcher thread after the watch. */
    private static final class WatchedListener {
        final String listener;
        final WatchedTlsFiles files;
        final ReloadableTls target;
        final ReloadSchedule schedule;
        final ReloadMeters meters;
        volatile Optional<String> loaded;
        volatile X509Certificate served;

        WatchedListener(String listener, WatchedTlsFiles files, ReloadableTls target, ReloadSchedule schedule,
                ReloadMeters meters) {
            this.listener = listener;
            this.files = files;
            this.target = target;
            this.schedule = schedule;
            this.meters = meters;
        }
    }
}
