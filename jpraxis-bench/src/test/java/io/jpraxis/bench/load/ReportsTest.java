package io.jpraxis.bench.load;

import static io.jpraxis.bench.load.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.bench.load.SuiteResult.Settings;
import io.jpraxis.bench.load.SuiteResult.WorkloadInfo;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {
    @TempDir
    Path dir;

    private static SuiteResult result(boolean reportable) {
        List<TargetMedians> medians = List.of(
                row("get-small", TargetKind.ORIGIN, 60_000, 1500, 15, 18),
                row("get-small", TargetKind.NGINX, 40_000, 3000, 30, 20),
                row("get-small", TargetKind.HAPROXY, 38_000, 2500, 28, 18),
                row("get-small", TargetKind.JPRAXIS, 36_000, 3500, 45, 210));
        MachineInfo m = new MachineInfo(2, "AMD EPYC", "6.1", "24 GB", "Temurin 25", "nginx/1.22.1", "HAProxy 2.6",
                "wrk 4.1.0", "h2load 1.52.0", "abc1234", "", "0.5 0.4 0.3");
        ToolResult r = new ToolResult(360_000, 10, 36_000, 0, Map.of("connect", 0L), 1000, 2000, 3500);
        return new SuiteResult("2026-11-30T14:00:00Z", "2026-11-30T14:20:00Z",
                new Settings(reportable ? 3 : 1, 10, 5, !reportable, reportable, 100, Suite.LOAD), m,
                List.of(new WorkloadInfo("get-small", "GET /small (1 KiB)", "Wrk[...]", List.of("origin", "jpraxis"))),
                List.of(new ColdStartRun(700, 60, 0), new ColdStartRun(650, 50, 1), new ColdStartRun(900, 70, 0)), 700.0,
                List.of(new RunRecord(1, "get-small", "jpraxis", r, 1620, 45, 210, 205,
                        new OtherLoad.Share(12.5, 0.5), null)),
                medians,
                Goals.evaluate(new MedianTable(medians), List.of(700.0, 650.0, 900.0)), "2.9 3.0 3.1", "/tmp/run",
                List.of());
    }

    @Test
    void markdownHasATablePerWorkloadRatiosAndGoals() {
        String md = MarkdownReport.render(result(true));
        assertThat(md).contains("| target | req/s | p50 ms | p90 ms | p99 ms | CPU µs/req | peak RSS MiB | errors |")
                .contains("| jpraxis | 36,000 | 1.75 | 2.80 | 3.50 | 45.0 | 210.0 | 0 |")
                .contains("| jpraxis / nginx | 0.90 | 1.17 | 1.50 |")
                .contains("| jpraxis / haproxy | 0.95 | 1.40 | 1.61 |")
                .contains("| get-small req/s >= nginx and >= haproxy | **FAIL** |")
                .contains("| cold start to first proxied 200 < 1 s (median of 3) | PASS | median 700.0 ms");
        assertThat(md).contains("load average 0.5 0.4 0.3 at start, 2.9 3.0 3.1 at the end");
        assertThat(md).contains("median 12.5%, highest 12.5% (round 1, get-small on jpraxis); hypervisor steal median 0.5%");
        assertThat(md).as("a reportable run carries no smoke warning").doesNotContain("Smoke run");
        assertThat(md).contains("700.0 ms, 650.0 ms, 900.0 ms; the launcher script's share before it exec'd the JVM:"
                + " 60.0 ms, 50.0 ms, 70.0 ms. 1 attempt(s) failed and were retried");
    }

    @Test
    void aSmokeRunSaysItIsNotAResult() {
        assertThat(MarkdownReport.render(result(false))).contains("**Smoke run** (1 round(s) of 10 s)");
    }

    @Test
    void jsonKeepsRawRunsAndMissingFiguresAsStrings() throws IOException {
        Path json = dir.resolve("r.json");
        JsonReport.write(result(true), json);
        String text = Files.readString(json);
        assertThat(text).contains("\"runs\"").contains("\"cpuMicrosPerRequest\" : 45.0").contains("\"nproc\" : 2")
                .contains("\"coldStartMedianMillis\" : 700.0");
    }

    @Test
    void chartIsAReadablePng() throws IOException {
        System.setProperty("java.awt.headless", "true");
        Path png = dir.resolve("c.png");
        ChartRenderer.write(new MedianTable(result(true).medians()), List.of("get-small", "post-1m"), "test", png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1400);
        assertThat(image.getHeight()).as("one row: post-1m has no figures and is left out").isLessThan(500);
    }

    @Test
    void chartScalesEndOnRoundNumbers() {
        assertThat(ChartRenderer.niceCeiling(41_230)).isEqualTo(50_000);
        assertThat(ChartRenderer.niceCeiling(2.1)).isEqualTo(2.5);
        assertThat(ChartRenderer.niceCeiling(100)).isEqualTo(100);
        assertThat(ChartRenderer.niceCeiling(0)).isEqualTo(1);
    }

    @Test
    void memoryIsWrittenInGibibytes() {
        assertThat(MachineInfo.memory("24683620 kB")).isEqualTo("23.5 GiB");
        assertThat(MachineInfo.memory("unknown")).as("anything else is kept as read").isEqualTo("unknown");
    }

    @Test
    void probeReadsTheStatusCode() {
        assertThat(HttpProbe.parseStatusLine("HTTP/1.1 200 OK")).isEqualTo(200);
        assertThat(HttpProbe.parseStatusLine("HTTP/1.1 502")).isEqualTo(502);
        assertThat(HttpProbe.parseStatusLine("")).isEqualTo(-1);
        assertThat(HttpProbe.parseStatusLine("SSH-2.0-OpenSSH")).isEqualTo(-1);
    }
}
