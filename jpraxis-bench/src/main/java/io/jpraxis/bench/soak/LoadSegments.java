package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.H2loadSummaryParser;
import io.jpraxis.bench.load.ManagedProcess;
import io.jpraxis.bench.load.ProcessReaper;
import io.jpraxis.bench.load.Target;
import io.jpraxis.bench.load.ToolOutputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * Runs the mix as back-to-back segments of a minute, every part's h2load at once in each. Short
 * segments keep each h2load's counts per minute (its per-request log would be gigabytes over an
 * hour) and reopen the keep-alive connections every minute, which is churn a long-lived gateway
 * sees anyway.
 */
public final class LoadSegments implements Runnable {
    static final int SEGMENT_SECONDS = 60;
    /** Added to a segment's length before a hung h2load is killed. */
    private static final long SLACK_SECONDS = 60;

    private final SoakMix mix;
    private final Target target;
    private final double rate;
    private final int totalSeconds;
    private final Path dir;
    private final ProcessReaper reaper;
    private final long startNanos;
    private final List<SegmentResult> results = Collections.synchronizedList(new ArrayList<>());

    /**
     * Load for {@code totalSeconds} from {@code startNanos} ({@link System#nanoTime()}), at
     * {@code rate} requests per second in total; tool output goes under {@code dir}.
     */
    public LoadSegments(SoakMix mix, Target target, double rate, int totalSeconds, Path dir, ProcessReaper reaper,
            long startNanos) {
        this.mix = mix;
        this.target = target;
        this.rate = rate;
        this.totalSeconds = totalSeconds;
        this.dir = dir;
        this.reaper = reaper;
        this.startNanos = startNanos;
    }

    /** Every part's result of every segment so far, in the order they ended. */
    public List<SegmentResult> results() {
        synchronized (results) {
            return List.copyOf(results);
        }
    }

    @Override
    public void run() {
        int segment = 0;
        while (!Thread.currentThread().isInterrupted()) {
            double elapsed = (System.nanoTime() - startNanos) / 1e9;
            int seconds = (int) Math.min(SEGMENT_SECONDS, Math.round(totalSeconds - elapsed));
            if (seconds <= 0) {
                return;
            }
            try {
                runSegment(++segment, elapsed, seconds);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void runSegment(int segment, double start, int seconds) throws InterruptedException {
        List<SoakMix.PartCommand> commands = mix.commands(target, rate, seconds);
        List<ManagedProcess> running = new ArrayList<>();
        List<Path> outputs = new ArrayList<>();
        try {
            for (SoakMix.PartCommand c : commands) {
                String tag = String.format(Locale.ROOT, "segment%03d-%s", segment, c.part().cliName());
                Path out = dir.resolve(tag + ".out");
                outputs.add(out);
                running.add(reaper.track(ManagedProcess.start(tag, c.argv(), dir, out)));
            }
        } catch (IOException | RuntimeException e) {
            running.forEach(reaper::stop);
            commands.forEach(c -> results.add(new SegmentResult(segment, start, seconds, c.part().cliName(), null,
                    "not started: " + e)));
            return;
        }
        for (int i = 0; i < running.size(); i++) {
            results.add(finish(segment, start, seconds, commands.get(i).part(), running.get(i), outputs.get(i)));
        }
    }

    private SegmentResult finish(int segment, double start, int seconds, MixPart part, ManagedProcess tool, Path out)
            throws InterruptedException {
        OptionalInt exit;
        try {
            exit = tool.waitFor(seconds + SLACK_SECONDS);
        } finally {
            reaper.stop(tool);
        }
        try {
            String stdout = Files.readString(out);
            if (exit.isEmpty()) {
                return new SegmentResult(segment, start, seconds, part.cliName(), null,
                        "h2load still running after " + (seconds + SLACK_SECONDS) + " s; killed (see " + out + ")");
            }
            SegmentResult r = new SegmentResult(segment, start, seconds, part.cliName(),
                    ToolOutputs.fromH2load(H2loadSummaryParser.parse(stdout), new long[0]), null);
            Files.delete(out); // a minute's progress lines; the counts are kept in the result
            return r;
        } catch (IOException | RuntimeException e) {
            return new SegmentResult(segment, start, seconds, part.cliName(), null, e.getMessage() + " (see " + out + ")");
        }
    }
}
