package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.diag.FilterScope;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BranchChainConfig;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.OnResultConfig;
import io.jpraxis.config.model.RejoinConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.BranchChecks;
import io.jpraxis.config.validate.ConfigLimits;
import io.jpraxis.config.validate.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a filter entry's {@code branch_chains} (see docs/behaviour/branches.md#branch-chains): each
 * branch's name, its chain references (inline chains read recursively, at most {@value
 * ConfigLimits#MAX_BRANCH_DEPTH} levels deep), {@code on_result}, {@code rejoin} and {@code
 * max_iterations}. What needs the whole config (unique names, unknown chains, reference cycles, the
 * total) is checked by {@link BranchChecks}; rejoin targets are resolved by the pipeline compiler,
 * against the flattened pipeline they jump in.
 */
final class BranchChainReader {
    private static final String CHAIN_REF = "a chain name or an inline chain {name, filters}";

    private BranchChainReader() {
    }

    /**
     * Reads the list at {@code path}; {@code d} carries the host entry's scope, {@code hostType}
     * is the host's filter type (null when unreadable) and {@code depth} its nesting depth (0 for
     * an entry of a top-level chain).
     */
    static List<BranchChainConfig> read(ConfigNode node, ConfigPath path, Diagnostics d, FeatureSet features,
            String hostType, int depth) {
        List<ConfigNode> items = Scalars.list(node, path, d).orElse(List.of());
        if (items.size() > ConfigLimits.MAX_BRANCHES_PER_FILTER) {
            d.invalid(path, node.line(), items.size() + " branch chains",
                    "at most " + ConfigLimits.MAX_BRANCHES_PER_FILTER + " per filter");
        }
        List<BranchChainConfig> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            readBranch(items.get(i), path.index(i), d, features, hostType, depth).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<BranchChainConfig> readBranch(ConfigNode node, ConfigPath path, Diagnostics d,
            FeatureSet features, String hostType, int depth) {
        if (!(node instanceof ConfigNode.MapNode map)) {
            MapReader.of(node, path, d); // reports the wrong type
            return Optional.empty();
        }
        String peeked = map.get("name").orElse(null) instanceof ConfigNode.ScalarNode s ? s.text() : "";
        Diagnostics bd = peeked.isEmpty() ? d : d.scoped(scopeOf(d).withBranch(peeked));
        MapReader r = MapReader.of(node, path, bd, ChainKeys.BRANCH);
        String name = r.requiredString("name");
        boolean named = name != null && Names.checkName(name, r.path("name"), r.line("name"), bd);
        List<ChainRef> chains = chains(r, bd, features, depth);
        OnResultConfig onResult = r.present("on_result")
                .flatMap(n -> OnResultReader.read(n, r.path("on_result"), bd, hostType)).orElse(null);
        RejoinConfig rejoin = r.string("rejoin").map(value -> rejoin(value, r)).orElse(RejoinConfig.NEXT);
        Integer maxIterations = r.integer("max_iterations")
                .map(Long::intValue).orElse(null);
        r.finish();
        return named ? Optional.of(new BranchChainConfig(name, chains, onResult, rejoin, maxIterations,
                new SourceRef(path, node.line()))) : Optional.empty();
    }

    private static List<ChainRef> chains(MapReader r, Diagnostics d, FeatureSet features, int depth) {
        if (!r.require("chains")) {
            return List.of();
        }
        ConfigNode node = r.node("chains").orElseThrow();
        List<ConfigNode> items = Scalars.list(node, r.path("chains"), d).orElse(null);
        if (items == null) {
            return List.of();
        }
        if (items.isEmpty()) {
            d.invalid(r.path("chains"), node.line(), "[]", "at least one chain: " + CHAIN_REF);
        }
        List<ChainRef> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigNode item = items.get(i);
            ConfigPath itemPath = r.path("chains").index(i);
            SourceRef source = new SourceRef(itemPath, item.line());
            switch (item) {
                case ConfigNode.ScalarNode s when s.kind() == ConfigNode.ScalarKind.STRING ->
                        out.add(new ChainRef.Named(s.text(), source));
                case ConfigNode.MapNode m -> inline(m, itemPath, d, features, depth + 1).ifPresent(out::add);
                default -> d.invalid(itemPath, item.line(), item.render(), CHAIN_REF);
            }
        }
        return out;
    }

    /** Reads an inline chain at nesting {@code level} (1 for a branch of a top-level entry). */
    private static Optional<ChainRef> inline(ConfigNode.MapNode node, ConfigPath path, Diagnostics d,
            FeatureSet features, int level) {
        MapReader r = MapReader.of(node, path, d, ChainKeys.BRANCH_INLINE);
        String name = r.requiredString("name");
        boolean named = name != null && Names.checkName(name, r.path("name"), r.line("name"), d);
        if (level > ConfigLimits.MAX_BRANCH_DEPTH) {
            // Reading deeper would only add errors about a config that is already refused.
            d.invalid(path, node.line(), "inline chain at nesting depth " + level,
                    "at most " + ConfigLimits.MAX_BRANCH_DEPTH + " levels of branch chains");
            r.skip("filters").finish();
            return Optional.empty();
        }
        List<FilterEntryConfig> filters = new ArrayList<>();
        if (r.require("filters")) {
            ConfigNode filtersNode = r.node("filters").orElseThrow();
            List<ConfigNode> items = Scalars.list(filtersNode, r.path("filters"), d).orElse(List.of());
            if (items.size() > ConfigLimits.MAX_FILTERS_PER_CHAIN) {
                d.invalid(r.path("filters"), filtersNode.line(), items.size() + " filters",
                        "at most " + ConfigLimits.MAX_FILTERS_PER_CHAIN + " per chain");
            }
            for (int i = 0; i < items.size(); i++) {
                FilterEntryReader.read(items.get(i), r.path("filters").index(i), d, features, level)
                        .ifPresent(filters::add);
            }
        }
        r.finish();
        return named ? Optional.of(new ChainRef.Inline(name, filters, new SourceRef(path, node.line())))
                : Optional.empty();
    }

    private static RejoinConfig rejoin(String value, MapReader r) {
        switch (value) {
            case "next" -> {
                return RejoinConfig.NEXT;
            }
            case "terminal", "client" -> {
                return RejoinConfig.TERMINAL;
            }
            default -> {
                // An invalid target is reported; the branch keeps the default so later checks still run.
                if (value.indexOf(':') >= 0) {
                    r.invalid("rejoin", "the bare name of a filter entry; 'chain:filter' targets are not supported, "
                            + "entry names span the whole flattened pipeline");
                    return RejoinConfig.NEXT;
                }
                if (!Names.isName(value)) {
                    r.invalid("rejoin", "next, terminal, client or a filter entry name (" + Names.NAME_RULE + ")");
                    return RejoinConfig.NEXT;
                }
                return new RejoinConfig.Target(value, new SourceRef(r.path("rejoin"), r.line("rejoin")));
            }
        }
    }

    private static FilterScope scopeOf(Diagnostics d) {
        return d.scope() != null ? d.scope() : new FilterScope(null, null, null, null);
    }
}
