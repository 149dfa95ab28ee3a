package io.jpraxis.config.load;

import io.jpraxis.config.keys.KeyDescriptor;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import java.util.LinkedHashMap;
import java.util.SequencedMap;

/**
 * The config sections that have a reference page ({@code docs/reference/config/<section>.md}),
 * each with the descriptor its key table is rendered from: the top level, each top-level key that
 * holds a map or a list of maps, and the keys every filter entry takes.
 */
public final class ReferenceSections {
    /** The page of the top-level keys themselves. */
    public static final String TOP_LEVEL = "top_level";

    private ReferenceSections() {
    }

    public static SequencedMap<String, ObjectDescriptor> all() {
        SequencedMap<String, ObjectDescriptor> sections = new LinkedHashMap<>();
        sections.put(TOP_LEVEL, ConfigLoader.KEYS);
        for (KeyDescriptor k : ConfigLoader.KEYS.keys()) {
            KeyType type = k.type() instanceof KeyType.ListOf l ? l.item() : k.type();
            if (type instanceof KeyType.Obj o) {
                sections.put(k.name(), o.object());
            }
        }
        sections.put(ChainKeys.ENTRY_ID, ChainKeys.FILTER_ENTRY);
        return sections;
    }
}
