package io.jpraxis.http.overload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads what the kernel says of this process: descriptors open and resident memory (Linux {@code /proc}). */
final class ProcessSample {
    private static final Path FDS = Path.of("/proc/self/fd");
    private static final Path STATUS = Path.of("/proc/self/status");

    private ProcessSample() {
    }

    /** Descriptors open now (the listing's own descriptor not counted); -1 where {@code /proc} has no fd table. */
    static long openDescriptors() {
        long count = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(FDS)) {
            for (Path ignored : entries) {
                count++;
            }
        } catch (IOException | UncheckedIOException e) {
            return -1;
        }
        return Math.max(0, count - 1);
    }

    /** Resident memory in bytes ({@code VmRSS}); -1 when unreadable. */
    static long residentBytes() {
        try {
            for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmRSS:")) {
                    return residentBytes(line);
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    /** {@code VmRSS:   123456 kB} in bytes. */
    static long residentBytes(String line) {
        String[] fields = line.substring("VmRSS:".length()).trim().split("\\s+");
        try {
            return Long.parseLong(fields[0]) * 1024;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
