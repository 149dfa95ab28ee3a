package io.jpraxis.filters.support;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import java.util.List;
import java.util.Optional;

/** Reading list-valued options that must hold at least one item. */
public final class ConfigLists {
    private ConfigLists() {
    }

    /**
     * The items under {@code key}; reports (once) and returns empty when the key is missing, null,
     * not a list or an empty list.
     *
     * @param expectation what a valid value is and why, e.g. "at least one route; without routes every
     *     request would fail with 404"
     */
    public static Optional<List<ConfigNode>> nonEmpty(MapReader reader, String key, String expectation) {
        Optional<ConfigNode> node = reader.node(key);
        if (node.isEmpty()) {
            reader.diagnostics().error(reader.path(key), reader.line(), "missing (expected: " + expectation + ")");
            return Optional.empty();
        }
        if (node.get() instanceof ConfigNode.NullNode) {
            reader.invalid(key, expectation);
            return Optional.empty();
        }
        Optional<List<ConfigNode>> items = reader.list(key);
        if (items.isPresent() && items.get().isEmpty()) {
            reader.invalid(key, expectation);
            return Optional.empty();
        }
        return items;
    }
}
