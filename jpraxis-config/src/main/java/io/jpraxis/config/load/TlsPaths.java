package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.read.MapReader;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The path rules of the files a listener's {@code tls} names: no {@code ..} component (config may be
 * templated, and a path must not climb out of where it was meant to point), and a warning for a
 * symbolic link, which is followed. Whether the file opens is {@link ListenerTlsFileChecks}' job.
 */
final class TlsPaths {
    private TlsPaths() {
    }

    /** {@code value} when it passes, else null (reported against {@code key}); null in, null out. */
    static String check(MapReader r, String key, String value) {
        return value == null ? null : check(r.path(key), r.line(key), r.diagnostics(), value);
    }

    static String check(ConfigPath path, int line, Diagnostics d, String value) {
        if (value.isEmpty()) {
            d.invalid(path, line, "\"\"", "a non-empty file path");
            return null;
        }
        for (String component : value.split("[/\\\\]")) {
            if (component.equals("..")) {
                d.error(path, line, "\"" + value + "\": path traversal: a '..' component in " + path.toString()
                        .substring(path.toString().lastIndexOf('.') + 1) + " (expected: a path without '..'; "
                        + "names such as my..cert.pem are fine)");
                return null;
            }
        }
        try {
            if (Files.isSymbolicLink(Path.of(value))) {
                d.warn(path, line, "\"" + value + "\" is a symbolic link; it is followed (make sure its target "
                        + "stays where it is meant to)");
            }
        } catch (InvalidPathException e) {
            d.invalid(path, line, "\"" + value + "\"", "a file path (" + e.getReason() + ")");
            return null;
        }
        return value;
    }
}
