package io.jpraxis.bench.soak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Rewrites the served config to the other variant and checks that jpraxis reloaded it: the
 * applied-reloads counter went up and a request through the listener carries the new variant's
 * header.
 */
public final class Reloader {
    static final String RELOADS = "jpraxis_config_reloads_total";
    static final Map<String, String> APPLIED_LABELS = Map.of("outcome", "applied");
    /** jpraxis reloads after 500 ms of quiet and polls every 2 s as a backstop: 30 s is ample. */
    private static final long WAIT_MILLIS = 30_000;
    private static final long POLL_MILLIS = 100;

    private final Path config;
    private final UnaryOperator<String> variants;
    private final AdminClient admin;
    private final long startNanos;
    private String variant;
    private int count;

    /**
     * Reloads of {@code config}, which serves {@link SoakConfig#FIRST} now; {@code variants} gives
     * a variant's content; {@code startNanos} is when the load started.
     */
    public Reloader(Path config, UnaryOperator<String> variants, AdminClient admin, long startNanos) {
        this.config = config;
        this.variants = variants;
        this.admin = admin;
        this.startNanos = startNanos;
        this.variant = SoakConfig.FIRST;
    }

    /** Replaces the file with the other variant in one rename, then waits for the reload to show. */
    public ReloadRecord reload() throws InterruptedException {
        String next = SoakConfig.next(variant);
        double before = admin.metric(RELOADS, APPLIED_LABELS).orElse(0);
        Path temp = config.resolveSibling("." + config.getFileName() + ".next");
        long t0 = System.nanoTime();
        double at = (t0 - startNanos) / 1e9;
        try {
            Files.writeString(temp, variants.apply(next));
            // One rename: jpraxis never reads a half-written file, and the folder sees the swap that
            // editors and Kubernetes' ConfigMap updates make.
            Files.move(temp, config, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("rewriting " + config, e);
        }
        variant = next;
        long applied = -1;
        long served = -1;
        long deadline = t0 + WAIT_MILLIS * 1_000_000;
        while (System.nanoTime() < deadline && (applied < 0 || served < 0)) {
            if (applied < 0 && admin.metric(RELOADS, APPLIED_LABELS).orElse(before) > before) {
                applied = (System.nanoTime() - t0) / 1_000_000;
            }
            if (served < 0 && Optional.of(next).equals(admin.servedHeader(SoakConfig.VARIANT_HEADER))) {
                served = (System.nanoTime() - t0) / 1_000_000;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return new ReloadRecord(++count, at, next, applied, served);
    }
}
