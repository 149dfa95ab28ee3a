package io.jpraxis.server.boot;

import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * ({@link FilterFactory#options()}; an undescribed type is left open beside the keys every entry takes).
 */
public final class ConfigSchema {
    private ConfigSchema() {
    }

    /** The schema document. */
    public static ObjectNode of(FilterRegistry registry) {
        SortedMap<String, Optional<ObjectDescriptor>> types = new TreeMap<>();
        for (String type : registry.types()) {
            types.put(type, registry.find(type).flatMap(FilterFactory::options));
        }
        return JsonSchemaWriter.write("jpraxis gateway config", ConfigLoader.KEYS,
                new JsonSchemaWriter.Variants(ChainKeys.ENTRY_ID, "filter", types));
    }
}
