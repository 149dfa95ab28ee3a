package io.jpraxis.config.read;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.tree.ConfigNode;

/**
 * Refuses a key whose capability flag is off, with the same words everywhere: the key, the flag
 * and how to turn it on (see docs/behaviour/feature-flags.md#enabling-flags).
 */
public final class FeatureGate {
    private FeatureGate() {
    }

    /** True when {@code feature} is on; otherwise reports {@code key} at {@code node} and returns false. */
    public static boolean allows(FeatureSet features, Feature feature, String key, ConfigNode node, ConfigPath path,
            Diagnostics d) {
        if (features.has(feature)) {
            return true;
        }
        String flag = feature.cliName();
        d.error(path, node.line(), key + " needs the " + flag + " feature (enable with --features " + flag + ")");
        return false;
    }
}
