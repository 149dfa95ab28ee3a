package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.SlowStartConfig;
import io.jpraxis.config.read.FeatureGate;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import java.util.Optional;

/**
 * Reads a cluster's {@code slow_start} (see docs/behaviour/clusters.md#slow-start), reporting every
 * bad value. Refused whole, naming the flag, while {@code slow-start} is off.
 */
final class SlowStartReader {
    private static final String AGGRESSION_EXPECTATION = "a finite number above 0 and at most "
            + (long) SlowStartConfig.MAX_AGGRESSION;
    /** The keys of {@code slow_start}. */
    static final ObjectDescriptor KEYS = ObjectDescriptor.of("Ramps an endpoint added by a reload, or back from "
            + "unhealthy, from no weight up to its configured weight (feature slow-start).",
            key("window_ms", KeyType.integer(1, SlowStartConfig.MAX_WINDOW_MS), "Length of the ramp in "
                    + "milliseconds.").asRequired(),
            key("aggression", new KeyType.Num(0, SlowStartConfig.MAX_AGGRESSION, AGGRESSION_EXPECTATION),
                    "Curve of the ramp, (elapsed / window) ^ (1 / aggression): 1 is linear, above 1 gives weight "
                    + "earlier, below 1 later.").withDefault(SlowStartConfig.DEFAULT_AGGRESSION));

    private SlowStartReader() {
    }

    /** The settings at {@code path}, or empty when they had errors (all reported) or the flag is off. */
    static Optional<SlowStartConfig> read(ConfigNode node, ConfigPath path, Diagnostics d, FeatureSet features) {
        if (!FeatureGate.allows(features, Feature.SLOW_START, "slow_start", node, path, d)) {
            return Optional.empty();
        }
        if (!(node instanceof ConfigNode.MapNode)) {
            d.invalid(path, node.line(), node.render(), "a map");
            return Optional.empty();
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        r.require("window_ms");
        Long window = r.integer("window_ms").orElse(null);
        double aggression = r.number("aggression").orElse(SlowStartConfig.DEFAULT_AGGRESSION);
        if (!r.finishCleanly() || window == null) {
            return Optional.empty();
        }
        return Optional.of(new SlowStartConfig(window, aggression));
    }
}
