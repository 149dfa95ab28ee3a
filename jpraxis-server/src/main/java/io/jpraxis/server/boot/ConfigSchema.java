package io.jpraxis.server.boot;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jpraxis.config.keys.DescribedOptions;
import io.jpraxis.config.keys.JsonSchemaWriter;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.ChainKeys;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The JSON Schema of a gateway config for the filter types a registry holds: the top-level keys
 * from the loader's descriptors, and per filter type its own keys when its factory describes them
 * (a type whose factory does not yet is left open beside the keys every entry takes).
 */
public final class ConfigSchema {
    private ConfigSchema() {
    }

    /** The schema document. */
    public static ObjectNode of(FilterRegistry registry) {
        SortedMap<String, Optional<ObjectDescriptor>> types = new TreeMap<>();
        for (String type : registry.types()) {
            types.put(type, registry.find(type).flatMap(ConfigSchema::options));
        }
        return JsonSchemaWriter.write("jpraxis gateway config", ConfigLoader.KEYS,
                new JsonSchemaWriter.Variants(ChainKeys.ENTRY_ID, "filter", types));
    }

    /**
     * The keys of {@code factory}'s type, when it describes them, or when it is a shipped type whose
     * descriptor {@link FilterOptionDescriptors} holds for now.
     */
    public static Optional<ObjectDescriptor> options(FilterFactory factory) {
        return factory instanceof DescribedOptions described ? Optional.of(described.options())
                : FilterOptionDescriptors.of(factory.type());
    }
}
