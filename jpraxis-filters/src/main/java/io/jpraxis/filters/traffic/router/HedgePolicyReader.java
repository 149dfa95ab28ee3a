package io.jpraxis.filters.traffic.router;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.config.read.FeatureGate;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import java.util.Optional;

/**
 * Reads a route's {@code hedge_policy} (see docs/behaviour/hedging.md#the-policy), reporting every
 * bad value. Refused whole, naming the flag, while {@code hedged-requests} is off.
 */
final class HedgePolicyReader {
    static final long MAX_TIMEOUT_MS = 3_600_000;
    private static final String PERCENT_EXPECTATION = "a number from 0 to 100 in steps of 0.01";
    private static final String PER_TRY_RULE = "required when max_attempts > initial_requests; "
            + "forbidden when they are equal";
    /** The keys of {@code hedge_policy}. */
    static final ObjectDescriptor KEYS = ObjectDescriptor.of("Sends copies of an idempotent request to other "
            + "endpoints of the route's cluster; the first answer below 500 wins.",
            key("initial_requests", KeyType.integer(1, HedgePolicyConfig.MAX_ATTEMPTS), "Attempts started at once, "
                    + "the primary included.").withDefault(1),
            key("max_attempts", KeyType.integer(1, HedgePolicyConfig.MAX_ATTEMPTS), "Attempts in all, the primary "
                    + "included; unset: 2, or initial_requests when larger.").withDefault(2).withRule("at least initial_requests"),
            key("per_try_timeout_ms", KeyType.integer(1, MAX_TIMEOUT_MS), "How long to wait for an answer before "
                    + "each further copy.").withRule(PER_TRY_RULE),
            key("budget_percent", new KeyType.Num(KeyType.Num.FROM_ZERO, 100, PERCENT_EXPECTATION), "Copies as a "
                    + "share of this route's requests; 0 turns copies off.")
                    .withDefault(HedgePolicyConfig.DEFAULT_BUDGET_PERCENT).withRule("steps of 0.01"));

    private HedgePolicyReader() {
    }

    /** The policy at {@code path}, or empty when it had errors (all reported) or its flag is off. */
    static Optional<HedgePolicyConfig> read(ConfigNode node, ConfigPath path, Diagnostics d, FeatureSet features) {
        if (!FeatureGate.allows(features, Feature.HEDGED_REQUESTS, "hedge_policy", node, path, d)) {
            return Optional.empty();
        }
        if (!(node instanceof ConfigNode.MapNode)) {
            d.invalid(path, node.line(), node.render(), "a map");
            return Optional.empty();
        }
        MapReader r = MapReader.of(node, path, d, KEYS);
        Long initial = r.integer("initial_requests").orElse(null);
        Long max = r.integer("max_attempts").orElse(null);
        Long perTry = r.integer("per_try_timeout_ms").orElse(null);
        Double percent = r.number("budget_percent").orElse(null);
        if (percent != null && !inSteps(percent)) {
            r.invalid("budget_percent", PERCENT_EXPECTATION);
        }
        int initialCount = initial == null ? 1 : initial.intValue();
        int maxCount = max == null ? Math.max(2, initialCount) : max.intValue();
        checkCounts(r, initial, max, initialCount, maxCount);
        checkPerTry(r, initialCount, maxCount);
        if (!r.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new HedgePolicyConfig(initialCount, maxCount, perTry,
                percent == null ? HedgePolicyConfig.DEFAULT_BUDGET_PERCENT : percent));
    }

    private static void checkCounts(MapReader r, Long initial, Long max, int initialCount, int maxCount) {
        if (initial != null && max != null && maxCount < initialCount) {
            r.invalid("max_attempts", "at least initial_requests (" + initialCount + ")");
        }
    }

    private static void checkPerTry(MapReader r, int initialCount, int maxCount) {
        boolean present = r.has("per_try_timeout_ms");
        if (maxCount > initialCount && !present) {
            r.invalid("per_try_timeout_ms", "a wait of 1 to " + MAX_TIMEOUT_MS + " ms; required when max_attempts ("
                    + maxCount + ") is more than initial_requests (" + initialCount + ")");
        } else if (maxCount == initialCount && present) {
            r.invalid("per_try_timeout_ms", "absent when max_attempts equals initial_requests (" + maxCount
                    + "): every attempt starts at once");
        }
    }

    /** Whether {@code percent} is a whole number of hundredths (within float noise). */
    static boolean inSteps(double percent) {
        double hundredths = percent * 100;
        return Math.abs(hundredths - Math.rint(hundredths)) < 1e-6;
    }
}
