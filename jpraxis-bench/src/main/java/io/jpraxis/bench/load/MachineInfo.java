package io.jpraxis.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The machine and software a run measured, recorded beside its figures so runs on different
 * machines or versions are not compared by mistake.
 *
 * @param jpraxisJavaOpts JPRAXIS_JAVA_OPTS as the suite saw it; empty for a reportable run
 * @param loadAverage the 1, 5 and 15 minute load averages when the suite started: other work on
 *     the machine shows here
 */
public record MachineInfo(int nproc, String cpuModel, String kernel, String memTotal, String jdk, String nginx,
        String haproxy, String wrk, String h2load, String gitCommit, String jpraxisJavaOpts, String loadAverage) {

    private static final String UNKNOWN = "unknown";

    /** Collects the figures for the checkout at {@code root}. */
    public static MachineInfo collect(Path root) {
        return new MachineInfo(
                Runtime.getRuntime().availableProcessors(),
                procLine("cpuinfo", "model name"),
                read(Path.of("/proc/sys/kernel/osrelease")).orElse(UNKNOWN),
                memory(procLine("meminfo", "MemTotal")),
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version")
                        + " (" + System.getProperty("java.home") + ")",
                firstLine(ShortCommand.output("nginx", "-v")),
                firstLine(ShortCommand.output("haproxy", "-v")),
                firstLine(ShortCommand.output("wrk", "-v")),
                firstLine(ShortCommand.output("h2load", "--version")),
                ShortCommand.output("git", "-C", root.toString(), "describe", "--always", "--dirty").orElse(UNKNOWN),
                Optional.ofNullable(System.getenv("JPRAXIS_JAVA_OPTS")).orElse(""),
                loadAverageNow());
    }

    /** "24683620 kB" as "23.5 GiB". */
    static String memory(String memTotal) {
        String[] parts = memTotal.split("\\s+");
        if (parts.length != 2 || !parts[1].equals("kB") || !parts[0].matches("[0-9]+")) {
            return memTotal;
        }
        return String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(parts[0]) / 1024.0 / 1024.0);
    }

    /** The three load averages from /proc/loadavg, now. */
    public static String loadAverageNow() {
        return read(Path.of("/proc/loadavg")).map(l -> String.join(" ", List.of(l.split(" ")).subList(0, 3)))
                .orElse(UNKNOWN);
    }

    private static String procLine(String file, String key) {
        return read(Path.of("/proc", file)).flatMap(text -> text.lines().filter(l -> l.startsWith(key)).findFirst())
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(UNKNOWN);
    }

    private static String firstLine(Optional<String> text) {
        return text.map(t -> t.lines().findFirst().orElse("")).map(String::trim).orElse(UNKNOWN);
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file).trim());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
