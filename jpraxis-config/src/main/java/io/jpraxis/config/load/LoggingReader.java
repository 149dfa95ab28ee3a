package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.LoggingConfig;
import io.jpraxis.config.model.LoggingConfig.Output;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads {@code runtime.logging} (see docs/behaviour/log-output.md): {@code output}, a
 * {@code file_path} required for {@code file} and refused otherwise, {@code non_blocking} and
 * {@code buffer_size}.
 */
final class LoggingReader {
    static final int MAX_BUFFER_LINES = 10_000_000;

    static final ObjectDescriptor KEYS = ObjectDescriptor.of("Where log lines go.",
            key("output", KeyType.choice(Output.class), "stdout, stderr or file: the one destination of "
                    + "diagnostics and access lines.").withDefault("stdout"),
            key("file_path", KeyType.text(), "The file lines are appended to (parent directories are created; "
                    + "never rotated); required for output: file, refused otherwise."),
            key("non_blocking", KeyType.bool(), "Lines go through a bounded queue written by a thread of its "
                    + "own; when it is full, a line logged on an event loop is dropped and counted.").withDefault(true),
            key("buffer_size", KeyType.integer(1, MAX_BUFFER_LINES), "Lines each queue holds.")
                    .withDefault(LoggingConfig.DEFAULT_BUFFER_LINES));

    private LoggingReader() {
    }

    /** Null when the block is absent: jpraxis's own split of diagnostics and access lines. */
    static LoggingConfig read(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node == null || node instanceof ConfigNode.NullNode) {
            return null;
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        Output output = r.enumValue("output", Output.class).orElse(Output.STDOUT);
        Path file = r.string("file_path").flatMap(text -> file(r, text)).orElse(null);
        if (output == Output.FILE && !r.has("file_path")) {
            r.invalid("file_path", "a file path, required with output: file");
        } else if (output != Output.FILE && r.has("file_path")) {
            r.error("file_path", "only with output: file (output is " + output.name().toLowerCase(Locale.ROOT)
                    + ")");
        }
        boolean nonBlocking = r.bool("non_blocking", true);
        Integer buffer = r.integer("buffer_size", 1, MAX_BUFFER_LINES).map(Long::intValue).orElse(null);
        r.finish();
        return new LoggingConfig(output, file, nonBlocking, buffer);
    }

    private static Optional<Path> file(MapReader r, String text) {
        Path path;
        try {
            path = Path.of(text);
        } catch (InvalidPathException e) {
            r.invalid("file_path", "a file path");
            return Optional.empty();
        }
        if (text.isBlank() || text.endsWith("/") || Files.isDirectory(path)) {
            r.diagnostics().invalid(r.path("file_path"), r.line("file_path"), Names.quote(text),
                    "a path naming a file, not a directory");
            return Optional.empty();
        }
        return Optional.of(path);
    }
}
