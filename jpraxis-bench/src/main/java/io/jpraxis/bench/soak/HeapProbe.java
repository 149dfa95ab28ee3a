package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.ShortCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Heap in use after a full collection, through {@code jcmd}: {@code GC.run}, {@code GC.heap_info}
 * and {@code VM.metaspace basic} in one attach. Only a forced full collection gives a live-set figure that
 * is comparable over an hour: with the parallel collector the old generation otherwise only fills
 * with promoted garbage between rare full collections, which would read as growth.
 */
public final class HeapProbe {
    /** A generation's line: {@code PSYoungGen total 57344K, used 1234K [...]} or {@code garbage-first heap ...}. */
    private static final Pattern GENERATION = Pattern.compile("^\\s*(\\S[^\\n]*?)\\s+total (\\d+)K, used (\\d+)K",
            Pattern.MULTILINE);
    private static final Pattern METASPACE = Pattern.compile("^\\s*Metaspace\\s+used (\\d+)K", Pattern.MULTILINE);

    private final String jcmd;
    private final Path commands;

    /** A probe that runs the {@code jcmd} beside this JVM's {@code java}; its command file goes in {@code dir}. */
    public HeapProbe(Path dir) {
        this.jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        try {
            this.commands = Files.writeString(dir.resolve("heap-after-gc.jcmd"), "GC.run\nGC.heap_info\nVM.metaspace basic\n");
        } catch (IOException e) {
            throw new UncheckedIOException("writing the jcmd command file in " + dir, e);
        }
    }

    /** Heap and metaspace in use, in KiB, right after a full collection of {@code pid}; -1 each when unread. */
    public record Heap(long usedKiB, long metaspaceKiB) {
    }

    /** Forces a full collection in {@code pid} and reads what is left. */
    public Heap afterGc(long pid) {
        return ShortCommand.output(jcmd, Long.toString(pid), "-f", commands.toString()).map(HeapProbe::parse)
                .orElse(new Heap(-1, -1));
    }

    /**
     * The summed {@code used} of every heap generation ({@code GC.heap_info}) and the metaspace in
     * use (the first {@code Metaspace used} line, which {@code VM.metaspace} prints).
     */
    static Heap parse(String heapInfo) {
        long used = -1;
        Matcher g = GENERATION.matcher(heapInfo);
        while (g.find()) {
            used = Math.max(used, 0) + Long.parseLong(g.group(3));
        }
        Matcher m = METASPACE.matcher(heapInfo);
        return new Heap(used, m.find() ? Long.parseLong(m.group(1)) : -1);
    }
}
