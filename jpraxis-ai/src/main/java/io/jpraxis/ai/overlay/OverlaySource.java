package io.jpraxis.ai.overlay;

import io.jpraxis.ai.candidate.RoutingSnapshot;
import io.jpraxis.ai.candidate.SnapshotSource;
import io.jpraxis.ai.candidate.StableIds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The routing snapshot of an {@code overlay_file}, kept current by hot reload (see
 * docs/behaviour/intelligent-route.md#overlay-reload): a refused reload keeps the last good
 * snapshot serving, identical bytes or an unchanged semantic revision keep the very same snapshot
 * (and so its round-robin counters), anything else swaps atomically while in-flight requests finish
 * on the snapshot they read.
 */
public final class OverlaySource implements SnapshotSource {
    private static final Logger LOG = LoggerFactory.getLogger(OverlaySource.class);

    /** What serves now, with the hash of the bytes it came from. */
    private record Loaded(RoutingSnapshot snapshot, byte[] rawSha256) {
    }

    private final Path file;
    private final ExpectedOverlayScope expected;
    private final ClusterRule clusterRule;
    private final ReloadSettings reload;
    private final AtomicReference<Loaded> current = new AtomicReference<>();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong unchanged = new AtomicLong();
    private final Object reloadLock = new Object();
    private volatile OverlayWatcher watcher;

    private OverlaySource(Path file, ExpectedOverlayScope expected, ClusterRule clusterRule, ReloadSettings reload) {
        this.file = file;
        this.expected = expected;
        this.clusterRule = clusterRule;
        this.reload = reload;
    }

    /**
     * Loads {@code file} (the cold start); {@link #start()} then watches its directory when
     * {@code reload} is enabled. Loading starts no thread, so a config that is only validated, or
     * whose build fails elsewhere, leaves nothing running.
     *
     * @param expected the configured {@code expected_overlay_scope}, or null
     * @param clusterRule what every overlay cluster must meet ({@link ClusterRule#ROUTE_HEADER_VALUE}
     *     with {@code route_header}), on the cold start and on every reload
     * @throws OverlayLoadException when the file is unreadable or refused
     */
    public static OverlaySource open(Path file, ExpectedOverlayScope expected, ReloadSettings reload,
            ClusterRule clusterRule) {
        OverlaySource source = new OverlaySource(file.toAbsolutePath(), expected,
                Objects.requireNonNull(clusterRule, "clusterRule"), Objects.requireNonNull(reload, "reload"));
        source.coldStart();
        return source;
    }

    /**
     * Starts the watcher when reload is enabled (once, before the config serves).
     *
     * @throws OverlayLoadException when the watcher is not ready within 5 s
     */
    @Override
    public synchronized void start() {
        if (reload.enabled() && watcher == null) {
            watcher = OverlayWatcher.start(file, reload.debounce(), this::reloadNow);
        }
    }

    private void coldStart() {
        byte[] raw;
        try {
            raw = OverlayFiles.readBounded(file);
        } catch (IOException e) {
            throw new OverlayLoadException(OverlayRejection.UNREADABLE, "overlay_file: " + file + " cannot be read (" + e + ")", e);
        }
        switch (OverlayParser.parse(raw, expected, clusterRule)) {
            case OverlayVerdict.Rejected r -> throw new OverlayLoadException(r.reason(),
                    "overlay_file: " + file + " refused (" + r.reason().code() + "): " + r.message(), null);
            case OverlayVerdict.Accepted a -> serve(a.snapshot(), sha256(raw), a.warnings());
            case OverlayVerdict.AcceptedLegacy a -> serve(a.snapshot(), sha256(raw), a.warnings());
        }
        LOG.info("overlay {} serving revision {} with {} candidates", file, describe(current().revision()),
                current().candidates().size());
    }

    private void serve(RoutingSnapshot snapshot, byte[] hash, List<String> warnings) {
        current.set(new Loaded(snapshot, hash));
        for (String warning : warnings) {
            LOG.warn("overlay {}: {}", file, warning);
        }
    }

    @Override
    public RoutingSnapshot current() {
        return current.get().snapshot();
    }

    /** The revision serving now; empty for a legacy overlay. */
    public Optional<String> servingRevision() {
        return current().revision();
    }

    /** Reloads that swapped in a new snapshot. */
    public long reloadsAccepted() {
        return accepted.get();
    }

    /** Reloads refused (the last good snapshot kept serving). */
    public long reloadsRejected() {
        return rejected.get();
    }

    /** Reloads of changed bytes with the serving revision: nothing swapped. */
    public long reloadsUnchanged() {
        return unchanged.get();
    }

    /** Whether a watcher thread is running. */
    public boolean isWatching() {
        OverlayWatcher w = watcher;
        return w != null && w.isAlive();
    }

    /**
     * One reload (see docs/behaviour/intelligent-route.md#overlay-reload); the watcher calls it
     * after each settled burst of events.
     */
    void reloadNow() {
        synchronized (reloadLock) {
            Loaded serving = current.get();
            byte[] raw;
            try {
                raw = OverlayFiles.readBounded(file);
            } catch (IOException e) {
                refuse(serving, OverlayRejection.UNREADABLE.code(), e.toString());
                return;
            }
            byte[] hash = sha256(raw);
            if (Arrays.equals(hash, serving.rawSha256())) {
                return;
            }
            switch (OverlayParser.parse(raw, expected, clusterRule)) {
                case OverlayVerdict.Rejected r -> refuse(serving, r.reason().code(), r.message());
                case OverlayVerdict.Accepted a -> {
                    if (serving.snapshot().revision().equals(Optional.of(a.revision()))) {
                        // Same meaning, new bytes (timestamps): keep the snapshot and its round-robin counters.
                        current.set(new Loaded(serving.snapshot(), hash));
                        unchanged.incrementAndGet();
                        LOG.debug("overlay {} rewritten with the serving revision {}", file, a.revision());
                    } else {
                        swap(serving, a.snapshot(), hash, a.warnings());
                    }
                }
                case OverlayVerdict.AcceptedLegacy a -> swap(serving, a.snapshot(), hash, a.warnings());
            }
        }
    }

    private void swap(Loaded serving, RoutingSnapshot next, byte[] hash, List<String> warnings) {
        serve(next, hash, warnings);
        accepted.incrementAndGet();
        LOG.info("overlay {} accepted revision {} with {} candidates (serving it; previous revision {})", file,
                describe(next.revision()), next.candidates().size(), describe(serving.snapshot().revision()));
    }

    private void refuse(Loaded serving, String code, String message) {
        rejected.incrementAndGet();
        LOG.error("overlay {} reload refused ({}): {}; still serving revision {}", file, code, message,
                describe(serving.snapshot().revision()));
    }

    private static String describe(Optional<String> revision) {
        return revision.orElse("(legacy, no revision)");
    }

    private static byte[] sha256(byte[] raw) {
        return StableIds.sha256().digest(raw);
    }

    /** Stops watching; joins the watcher for up to 2 s. The last snapshot stays readable. */
    @Override
    public void close() {
        OverlayWatcher w = watcher;
        if (w != null) {
            w.stop();
        }
    }
}
