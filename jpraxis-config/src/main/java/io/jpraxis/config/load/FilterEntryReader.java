package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BranchChainConfig;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.model.ResponseConditionConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Suggestions;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads one filter entry (see docs/behaviour/config-loading.md#filter-entries): the reserved keys
 * are parsed, every other key is kept untouched in {@code options} for the filter's factory.
 * Diagnostics carry the entry's {@link FilterScope} (see
 * docs/behaviour/config-loading.md#diagnostics).
 */
public final class FilterEntryReader {
    /**
     * The filter whose {@code conditions} map (not list) is its own emit-time config (see
     * docs/behaviour/config-loading.md#filter-entries).
     */
    static final String ACCESS_LOG = "access_log";

    private FilterEntryReader() {
    }

    /**
     * Reads the entry at {@code path}. {@code diagnostics} may already carry a chain or branch
     * scope; the filter type and entry name are added to it. Empty only when the node is not a map.
     */
    public static Optional<FilterEntryConfig> read(ConfigNode node, ConfigPath path, Diagnostics diagnostics,
            FeatureSet features) {
        return read(node, path, diagnostics, features, 0);
    }

    /**
     * As {@link #read(ConfigNode, ConfigPath, Diagnostics, FeatureSet)} for an entry at branch
     * nesting {@code depth} (0 in a top-level chain, n inside an inline chain n levels down).
     */
    static Optional<FilterEntryConfig> read(ConfigNode node, ConfigPath path, Diagnostics diagnostics,
            FeatureSet features, int depth) {
        if (!(node instanceof ConfigNode.MapNode map)) {
            MapReader.of(node, path, diagnostics);
            return Optional.empty();
        }
        String type = peekString(map, "filter");
        String name = peekString(map, "name");
        FilterScope base = diagnostics.scope() != null ? diagnostics.scope() : new FilterScope(null, null, null, null);
        Diagnostics d = diagnostics.scoped(base.withFilter(type, name));
        MapReader r = MapReader.of(node, path, d, ChainKeys.FILTER_ENTRY);

        String filterType = r.requiredString("filter");
        if (filterType != null && filterType.isBlank()) {
            r.invalid("filter", "a filter type name such as router");
        }
        String entryName = r.string("name").filter(n -> checkEntryName(n, r)).orElse(null);
        boolean conditionsAreOptions = ACCESS_LOG.equals(type) && map.get("conditions").orElse(null)
                instanceof ConfigNode.MapNode;
        List<ConditionConfig> conditions = conditionsAreOptions ? List.of()
                : ConditionReader.conditions(r.node("conditions").orElse(null), r.path("conditions"), d, features);
        List<ResponseConditionConfig> responseConditions = ConditionReader.responseConditions(
                r.node("response_conditions").orElse(null), r.path("response_conditions"), d);
        FailureMode failureMode = r.enumValue("failure_mode", FailureMode.class).orElse(FailureMode.CLOSED);
        List<BranchChainConfig> branchChains = r.present("branch_chains")
                .map(n -> BranchChainReader.read(n, r.path("branch_chains"), d, features, filterType, depth))
                .orElse(List.of());
        ChainRef outbound = r.present(OutboundChainReader.KEY)
                .flatMap(n -> OutboundChainReader.read(n, r.path(OutboundChainReader.KEY), d, features))
                .orElse(null);
        ConfigNode.MapNode options = options(map, conditionsAreOptions);
        warnNearMisses(options, path, d, type);
        return Optional.of(new FilterEntryConfig(filterType, entryName, conditions, responseConditions, failureMode,
                branchChains, options, new SourceRef(path, node.line()), outbound));
    }

    private static boolean checkEntryName(String name, MapReader r) {
        if (name.indexOf(':') >= 0) {
            r.invalid("name", "a bare entry name without ':'; 'chain:filter' references are not supported, "
                    + "entry names span the whole pipeline");
            return false;
        }
        return Names.checkName(name, r.path("name"), r.line("name"), r.diagnostics());
    }

    /** Every key that is not reserved, in document order, as the filter's own config. */
    private static ConfigNode.MapNode options(ConfigNode.MapNode map, boolean conditionsAreOptions) {
        List<ConfigNode.MapNode.Entry> entries = new ArrayList<>();
        for (ConfigNode.MapNode.Entry e : map.entries()) {
            boolean keep = !FilterEntryConfig.RESERVED_KEYS.contains(e.key())
                    || (conditionsAreOptions && e.key().equals("conditions"));
            if (keep) {
                entries.add(e);
            }
        }
        return new ConfigNode.MapNode(entries, map.line());
    }

    /**
     * A misspelt reserved key ({@code condtions}) silently becomes filter config, so it is worth a
     * warning. Short reserved keys only match at distance 1, so a real option such as {@code mode}
     * is not taken for {@code name}.
     */
    private static void warnNearMisses(ConfigNode.MapNode options, ConfigPath path, Diagnostics d, String type) {
        for (ConfigNode.MapNode.Entry e : options.entries()) {
            for (String reserved : FilterEntryConfig.RESERVED_KEYS) {
                int distance = Suggestions.distance(e.key(), reserved);
                int allowed = reserved.length() < 6 ? 1 : 2;
                if (distance > 0 && distance <= allowed) {
                    d.warn(path.key(e.key()), e.keyLine(), "key is passed to the " + (type == null ? "" : type + " ")
                            + "filter as its own config (did you mean the reserved key '" + reserved + "'?)");
                    break;
                }
            }
        }
    }

    private static String peekString(ConfigNode.MapNode map, String key) {
        return map.get(key).filter(n -> n instanceof ConfigNode.ScalarNode s && s.kind() == ConfigNode.ScalarKind.STRING)
                .map(n -> ((ConfigNode.ScalarNode) n).text()).orElse(null);
    }
}
