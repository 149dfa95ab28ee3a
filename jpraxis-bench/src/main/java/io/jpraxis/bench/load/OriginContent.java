package io.jpraxis.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The files the nginx origin serves: /small (1 KiB), /large (64 KiB) and /data.json (64 KiB of
 * JSON, the compression workload's body).
 */
public final class OriginContent {
    public static final int SMALL_BYTES = 1024;
    public static final int LARGE_BYTES = 64 * 1024;
    public static final int JSON_BYTES = 64 * 1024;
    /** Served as {@code application/json}; the name of the file under {@code www} too. */
    public static final String JSON_PATH = "/data.json";

    private OriginContent() {
    }

    /**
     * Writes {@code runDir/www/small} and {@code /large}. They and their folders are world-readable
     * because nginx's workers run as {@code nobody} when the suite runs as root.
     */
    public static void write(Path runDir) throws IOException {
        Path www = Files.createDirectories(runDir.resolve("www"));
        Files.write(www.resolve("small"), pattern(SMALL_BYTES));
        Files.write(www.resolve("large"), pattern(LARGE_BYTES));
        Files.writeString(www.resolve(JSON_PATH.substring(1)), CatalogJson.of(JSON_BYTES));
        for (Path p : new Path[] {runDir, www}) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /** Printable bytes in a fixed cycle, so every run serves the very same body. */
    private static byte[] pattern(int size) {
        byte[] body = new byte[size];
        for (int i = 0; i < size; i++) {
            body[i] = (byte) ('!' + (i * 7 + i / 94) % 94);
        }
        return body;
    }
}
