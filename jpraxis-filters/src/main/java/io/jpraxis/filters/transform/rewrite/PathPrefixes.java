package io.jpraxis.filters.transform.rewrite;

import io.jpraxis.config.read.MapReader;
import java.util.Optional;

/** Reads a prefix key ({@code strip_prefix}, {@code add_prefix}): a non-empty string of path characters. */
public final class PathPrefixes {
    private PathPrefixes() {
    }

    /** The prefix under {@code key}, or empty after reporting why it is refused. */
    public static Optional<String> read(MapReader options, String key) {
        Optional<String> prefix = options.string(key);
        if (prefix.isEmpty()) {
            if (options.present(key).isEmpty()) {
                options.invalid(key, "a path prefix");
            }
            return Optional.empty();
        }
        if (prefix.get().isEmpty()) {
            options.error(key, "empty (expected: a path prefix such as /api)");
            return Optional.empty();
        }
        return PathText.check(prefix.get(), options, key) ? prefix : Optional.empty();
    }
}
