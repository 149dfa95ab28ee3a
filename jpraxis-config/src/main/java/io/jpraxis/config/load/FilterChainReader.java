package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterChainConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.ConfigLimits;
import io.jpraxis.config.validate.Names;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads {@code filter_chains} (see docs/behaviour/config-loading.md#named-chains): unique names,
 * chain conditions, at most 100 filters each.
 */
public final class FilterChainReader {
    /** The keys of one top-level chain. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("A named list of filters listeners run.",
            key("name", KeyType.text(), "Unique chain name.").asRequired(),
            key("conditions", KeyType.listOf(KeyType.object(ConditionReader.CONDITION)),
                    "Request conditions that decide whether the chain runs."),
            key("filters", KeyType.listOf(ChainKeys.ENTRY, 0, ConfigLimits.MAX_FILTERS_PER_CHAIN),
                    "The chain's filters, in order."));

    private FilterChainReader() {
    }

    /** Reads the list; chains with a readable name are returned even when something inside was wrong. */
    public static List<FilterChainConfig> read(ConfigNode node, ConfigPath path, Diagnostics d, FeatureSet features) {
        List<ConfigNode> items = Scalars.list(node, path, d).orElse(List.of());
        if (items.size() > ConfigLimits.MAX_CHAINS) {
            d.invalid(path, node.line(), items.size() + " chains", "at most " + ConfigLimits.MAX_CHAINS);
        }
        List<FilterChainConfig> out = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath itemPath = path.index(i);
            readChain(items.get(i), itemPath, d, features).ifPresent(chain -> {
                Integer first = firstLine.putIfAbsent(chain.name(), chain.source().line());
                if (first != null) {
                    d.error(itemPath.key("name"), chain.source().line(), "duplicate filter chain name '"
                            + chain.name() + "' (first declared at line " + first + ")");
                }
                out.add(chain);
            });
        }
        return out;
    }

    /** Names written in the list, valid or not, so a listener naming a broken chain is not also "unknown". */
    public static Set<String> declaredNames(ConfigNode node) {
        Set<String> names = new LinkedHashSet<>();
        if (node instanceof ConfigNode.ListNode list) {
            for (ConfigNode item : list.items()) {
                if (item instanceof ConfigNode.MapNode m && m.get("name").orElse(null) instanceof ConfigNode.ScalarNode s) {
                    names.add(s.text());
                }
            }
        }
        return names;
    }

    private static Optional<FilterChainConfig> readChain(ConfigNode node, ConfigPath path, Diagnostics d,
            FeatureSet features) {
        MapReader r = MapReader.of(node, path, d, KEYS);
        String name = r.requiredString("name");
        if (name != null) {
            Names.checkName(name, r.path("name"), r.line("name"), d);
        }
        Diagnostics scoped = d.scoped(FilterScope.chain(name));
        List<ConditionConfig> conditions = ConditionReader.conditions(r.node("conditions").orElse(null),
                r.path("conditions"), scoped, features);
        List<FilterEntryConfig> filters = filters(r, scoped, features, name);
        r.finish();
        return name == null ? Optional.empty()
                : Optional.of(new FilterChainConfig(name, conditions, filters, new SourceRef(path, node.line())));
    }

    private static List<FilterEntryConfig> filters(MapReader r, Diagnostics scoped, FeatureSet features, String chain) {
        List<ConfigNode> items = r.list("filters").orElse(List.of());
        if (items.size() > ConfigLimits.MAX_FILTERS_PER_CHAIN) {
            scoped.invalid(r.path("filters"), r.line("filters"), items.size() + " filters",
                    "at most " + ConfigLimits.MAX_FILTERS_PER_CHAIN + " per chain");
        }
        List<FilterEntryConfig> out = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath entryPath = r.path("filters").index(i);
            int index = i;
            FilterEntryReader.read(items.get(i), entryPath, scoped, features).ifPresent(entry -> {
                out.add(entry);
                if (entry.name() == null) {
                    return;
                }
                int nameLine = ((ConfigNode.MapNode) items.get(index)).entry("name").orElseThrow().keyLine();
                Integer first = firstLine.putIfAbsent(entry.name(), nameLine);
                if (first != null) {
                    scoped.scoped(scoped.scope().withFilter(entry.filterType(), entry.name()))
                            .error(entryPath.key("name"), nameLine, "duplicate filter name '"
                                    + entry.name() + "' in chain '" + chain + "' (first at line " + first + ")");
                }
            });
        }
        return out;
    }
}
