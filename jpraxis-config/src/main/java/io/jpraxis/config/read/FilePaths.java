package io.jpraxis.config.read;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** The one check for a config key that names a file read at start (certificates, keys): reported against the key. */
public final class FilePaths {
    private FilePaths() {
    }

    /**
     * {@code path} when it names a readable regular file, else null with the reason reported
     * against {@code key}: a typo or a missing mount fails the load (and {@code -t}), not the first
     * handshake.
     */
    public static String readableFile(MapReader r, String key, String path) {
        if (path.isEmpty()) {
            r.invalid(key, "a non-empty file path");
            return null;
        }
        if (path.contains("..")) {
            // Paths come from config that may be templated; refusing '..' keeps them from climbing out.
            r.invalid(key, "a path without '..'");
            return null;
        }
        if (!isReadableFile(path)) {
            r.invalid(key, "a readable file");
            return null;
        }
        return path;
    }

    private static boolean isReadableFile(String path) {
        try {
            Path p = Path.of(path);
            return Files.isRegularFile(p) && Files.isReadable(p);
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
