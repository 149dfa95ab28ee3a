package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a map of labels ({@code metadata}, {@code selector}): non-empty keys, scalar values read as
 * their text, as Praxis reads a map of strings ({@code version: 2} is the label {@code "2"}).
 */
final class StringMaps {
    private StringMaps() {
    }

    /**
     * The pairs of {@code node} in config order; empty (and reported) when it is not a map, a key
     * is empty or a value is not a scalar. {@code nonEmpty}, when not null, is the expectation an
     * empty map is reported with.
     */
    static Optional<Map<String, String>> read(ConfigNode node, ConfigPath path, Diagnostics d, String nonEmpty) {
        if (!(node instanceof ConfigNode.MapNode m)) {
            d.invalid(path, node.line(), node.render(), "a map of key: value labels");
            return Optional.empty();
        }
        if (m.entries().isEmpty() && nonEmpty != null) {
            d.invalid(path, node.line(), "{}", nonEmpty);
            return Optional.empty();
        }
        Map<String, String> out = new LinkedHashMap<>();
        boolean clean = true;
        for (ConfigNode.MapNode.Entry e : m.entries()) {
            ConfigPath entryPath = path.key(e.key());
            if (e.key().isEmpty()) {
                d.invalid(path, e.keyLine(), "\"\"", "a non-empty label name");
                clean = false;
                continue;
            }
            Optional<String> value = Scalars.text(e.value(), entryPath, d);
            value.ifPresent(v -> out.put(e.key(), v));
            clean &= value.isPresent();
        }
        return clean ? Optional.of(out) : Optional.empty();
    }
}
