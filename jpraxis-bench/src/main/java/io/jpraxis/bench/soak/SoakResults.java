package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.JsonReport;
import io.jpraxis.bench.load.MachineInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Judges a finished soak and writes its JSON, Markdown and PNG reports. */
public final class SoakResults {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmm").withZone(ZoneOffset.UTC);

    private SoakResults() {
    }

    /** The result of a soak run with {@code options}, judged. */
    static SoakResult of(SoakOptions options, Instant started, MachineInfo machine, SoakResult.Calibration calibration,
            double rate, List<SoakSample> samples, List<SegmentResult> segments, List<ReloadRecord> reloads,
            Map<String, Long> reloadCounters, boolean jpraxisAlive, String runDir) {
        SoakWindows.Window first = SoakWindows.baseline(options.seconds(), options.sampleSeconds());
        SoakWindows.Window last = SoakWindows.last(options.seconds(), options.sampleSeconds());
        List<SoakVerdict> verdicts = Arrays.stream(SoakMetric.values())
                .map(m -> SoakVerdict.judge(m, samples, first, last)).toList();
        double loadSeconds = segments.stream().filter(s -> s.part().equals(MixPart.GET_H1.cliName()))
                .mapToDouble(SegmentResult::seconds).sum();
        List<SoakResult.PartTotal> load = Arrays.stream(MixPart.values())
                .map(p -> SoakResult.PartTotal.of(p, rate, segments, loadSeconds)).toList();
        boolean pass = jpraxisAlive && verdicts.stream().allMatch(SoakVerdict::pass) && !reloads.isEmpty()
                && reloads.stream().allMatch(ReloadRecord::ok);
        return new SoakResult(started.truncatedTo(ChronoUnit.SECONDS).toString(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), options.reportable(), machine,
                new SoakResult.Settings(options.minutes(), options.sampleSeconds(), options.reloadSeconds(),
                        options.calibrationSeconds()),
                calibration, rate, load, first, last, verdicts, reloads, reloadCounters, jpraxisAlive, pass, samples,
                segments, runDir);
    }

    /** Writes {@code soak-<date>[-quick].{json,md,png}} under {@code options.outDir()} and prints the Markdown. */
    static void write(SoakResult result, SoakOptions options, Instant started) throws IOException {
        Files.createDirectories(options.outDir());
        String base = "soak-" + STAMP.format(started) + (options.reportable() ? "" : "-quick");
        Path json = options.outDir().resolve(base + ".json");
        Path md = options.outDir().resolve(base + ".md");
        Path png = options.outDir().resolve(base + ".png");
        JsonReport.write(result, json);
        String markdown = SoakReport.render(result, png.getFileName().toString());
        Files.writeString(md, markdown);
        SoakChart.write(result, png);
        System.out.println(markdown);
        System.err.println("soak: wrote " + json + ", " + md + " and " + png);
    }
}
