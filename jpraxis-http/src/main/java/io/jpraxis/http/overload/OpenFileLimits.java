package io.jpraxis.http.overload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A process's open-file limits as {@code /proc/<pid>/limits} shows them. */
public final class OpenFileLimits {
    private OpenFileLimits() {
    }

    /** Soft and hard limit; {@code Long.MAX_VALUE} stands for "unlimited". */
    public record Limits(long soft, long hard) {
    }

    public static Limits read(long pid) throws IOException {
        return parse(Files.readAllLines(Path.of("/proc", Long.toString(pid), "limits"), StandardCharsets.US_ASCII));
    }

    /** The "Max open files" line of a {@code /proc/<pid>/limits} table. */
    public static Limits parse(List<String> lines) throws IOException {
        for (String line : lines) {
            if (line.startsWith("Max open files")) {
                String[] fields = line.substring("Max open files".length()).trim().split("\\s+");
                if (fields.length >= 2) {
                    return new Limits(number(fields[0]), number(fields[1]));
                }
            }
        }
        throw new IOException("no 'Max open files' line in the process's limits");
    }

    private static long number(String field) throws IOException {
        if (field.equals("unlimited")) {
            return Long.MAX_VALUE;
        }
        try {
            return Long.parseLong(field);
        } catch (NumberFormatException e) {
            throw new IOException("unreadable open-file limit '" + field + "'");
        }
    }
}
