package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.ChainRef;
import io.jpraxis.config.model.FilterEntryConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.FeatureGate;
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
 * Reads a filter entry's {@code outbound_chain} (feature {@code chain-binding}; see
 * docs/behaviour/outbound-chains.md#outbound-chains): the same chain reference a branch takes, a
 * top-level chain's name or an inline chain {@code {name, filters}}. An inline chain is a pipeline
 * of its own, so its entries start again at branch depth 0 and it holds at most {@value
 * ConfigLimits#MAX_FILTERS_PER_CHAIN} filters like any chain. Names, unknown chains, cycles and the
 * branch total are checked by {@link BranchChecks}; outbound nesting depth and what may run inside
 * by the pipeline compiler.
 */
final class OutboundChainReader {
    static final String KEY = "outbound_chain";
    private static final String EXPECTED = "a chain name or an inline chain {name, filters}";

    private OutboundChainReader() {
    }

    /** The reference at {@code path}, or empty when it is malformed (reported) or the feature is off (reported). */
    static Optional<ChainRef> read(ConfigNode node, ConfigPath path, Diagnostics d, FeatureSet features) {
        if (!FeatureGate.allows(features, Feature.CHAIN_BINDING, "outbound_chain", node, path, d)) {
            return Optional.empty();
        }
        SourceRef source = new SourceRef(path, node.line());
        return switch (node) {
            case ConfigNode.ScalarNode s when s.kind() == ConfigNode.ScalarKind.STRING && !s.text().isBlank() ->
                    Optional.of(new ChainRef.Named(s.text(), source));
            case ConfigNode.MapNode m -> inline(m, path, d, features);
            default -> {
                d.invalid(path, node.line(), node.render(), EXPECTED);
                yield Optional.empty();
            }
        };
    }

    private static Optional<ChainRef> inline(ConfigNode.MapNode node, ConfigPath path, Diagnostics d,
            FeatureSet features) {
        MapReader r = MapReader.of(node, path, d, ChainKeys.OUTBOUND_INLINE);
        String name = r.requiredString("name");
        boolean named = name != null && Names.checkName(name, r.path("name"), r.line("name"), d);
        List<FilterEntryConfig> filters = new ArrayList<>();
        if (r.require("filters")) {
            ConfigNode filtersNode = r.node("filters").orElseThrow();
            List<ConfigNode> items = Scalars.list(filtersNode, r.path("filters"), d).orElse(List.of());
            if (items.isEmpty()) {
                d.invalid(r.path("filters"), filtersNode.line(), "[]", "at least one filter");
            }
            if (items.size() > ConfigLimits.MAX_FILTERS_PER_CHAIN) {
                d.invalid(r.path("filters"), filtersNode.line(), items.size() + " filters",
                        "at most " + ConfigLimits.MAX_FILTERS_PER_CHAIN + " per chain");
            }
            for (int i = 0; i < items.size(); i++) {
                FilterEntryReader.read(items.get(i), r.path("filters").index(i), d, features, 0)
                        .ifPresent(filters::add);
            }
        }
        r.finish();
        return named ? Optional.of(new ChainRef.Inline(name, filters, new SourceRef(path, node.line())))
                : Optional.empty();
    }
}
