package io.jpraxis.server.boot;

import io.jpraxis.config.dump.ConfigYamlWriter;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Renders a compiled gateway as YAML for {@code jpraxis dump}: each filter entry, branch filters
 * included, shows the effective config its filter was built from (defaults applied), and every
 * option a factory declares secret is redacted.
 */
public final class ConfigDump {
    private ConfigDump() {
    }

    public static String render(CompiledGateway gateway, FilterRegistry registry) {
        Map<FilterEntryConfig, Object> effective = new IdentityHashMap<>();
        for (CompiledGateway.Listener listener : gateway.listeners()) {
            for (CompiledFilter f : listener.pipeline().allSlots()) {
                effective.put(f.entry(), f.filter().config());
            }
        }
        Set<String> secrets = new TreeSet<>();
        for (String type : registry.types()) {
            registry.find(type).map(FilterFactory::secretFields).ifPresent(secrets::addAll);
        }
        return new ConfigYamlWriter(effective::get, secrets).write(gateway.config());
    }
}
