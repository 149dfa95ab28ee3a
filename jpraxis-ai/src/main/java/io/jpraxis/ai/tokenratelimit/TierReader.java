package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.ai.tokenratelimit.TokenRule.Tier;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.http.HeaderMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a rule's {@code tiers} (see docs/reference/filters/token_rate_limit.md#tiers): ascending
 * capacities, at most one {@code deny} tier, last and at the rule's capacity, and inject headers
 * the gateway may set upstream.
 */
final class TierReader {
    /**
     * Praxis refuses host, framing, hop-by-hop and reserved names for inject headers but allows
     * credential headers (a tier may well switch an upstream key); that is this policy.
     */
    private static final HeaderPolicy INJECT = HeaderPolicy.CREDENTIAL_HEADER;

    private TierReader() {
    }

    static Optional<List<Tier>> read(MapReader rule, String name, long capacity) {
        Optional<List<ConfigNode>> items = rule.list("tiers");
        if (items.isEmpty()) {
            return Optional.of(List.of());
        }
        if (items.get().isEmpty()) {
            rule.invalid("tiers", "at least one tier when tiers is set, in rule '" + name + "'");
            return Optional.empty();
        }
        Diagnostics d = rule.diagnostics();
        int errors = d.errorCount();
        List<Tier> tiers = new ArrayList<>();
        long previous = 0;
        for (int i = 0; i < items.get().size(); i++) {
            ConfigPath path = rule.path("tiers").index(i);
            MapReader t = MapReader.of(items.get().get(i), path, d, TokenRateLimitKeys.TIER);
            Long at = t.require("capacity") ? t.integer("capacity").orElse(null) : null;
            Optional<MapReader> action = t.require("action") ? t.map("action", TokenRateLimitKeys.TIER_ACTION)
                    : Optional.empty();
            String type = action.flatMap(a -> a.require("type") ? a.string("type") : Optional.empty()).orElse(null);
            if (type != null && !type.equals("inject") && !type.equals("deny")) {
                action.get().invalid("type", "inject or deny");
                type = null;
            }
            boolean deny = "deny".equals(type);
            String known = type;
            // Headers are only judged once the type is known; otherwise the type's error says it all.
            Map<String, String> headers = action.map(a -> known == null ? skipHeaders(a) : headers(a, name, deny))
                    .orElse(Map.of());
            if (at != null) {
                if (at <= previous) {
                    t.invalid("capacity", "a capacity above the previous tier's (" + previous + "), in rule '" + name + "'");
                } else if (deny && at != capacity) {
                    t.invalid("capacity", "the rule's capacity (" + capacity + ") for the deny tier, in rule '" + name + "'");
                } else if (at > capacity) {
                    t.invalid("capacity", "at most the rule's capacity (" + capacity + "), in rule '" + name + "'");
                }
                previous = Math.max(previous, at);
            }
            if (deny && i != items.get().size() - 1) {
                action.get().invalid("type", "deny only on the last tier (at most one deny tier), in rule '" + name + "'");
            }
            action.ifPresent(MapReader::finish);
            if (t.finishCleanly() && at != null && type != null) {
                tiers.add(new Tier(at, deny, headers));
            }
        }
        return d.errorCount() == errors ? Optional.of(tiers) : Optional.empty();
    }

    private static Map<String, String> skipHeaders(MapReader action) {
        action.skip("headers");
        return Map.of();
    }

    private static Map<String, String> headers(MapReader action, String rule, boolean deny) {
        Map<String, String> headers = new LinkedHashMap<>();
        Optional<MapReader> h = action.map("headers");
        if (deny) {
            if (h.isPresent()) {
                action.invalid("headers", "no headers on a deny tier (it only restates the capacity), in rule '"
                        + rule + "'");
            }
            return headers;
        }
        if (h.isEmpty() || h.get().isEmpty()) {
            action.invalid("headers", "at least one header for an inject tier, in rule '" + rule + "'");
            return headers;
        }
        MapReader m = h.get();
        Set<String> seen = new HashSet<>();
        for (String header : m.keys()) {
            String value = m.string(header).orElse(null);
            if (!INJECT.check(header, m.path(header), m.line(header), m.diagnostics()) || value == null) {
                continue;
            }
            if (!seen.add(HeaderMap.normalize(header))) {
                m.invalid(header, "each header once ignoring case, in rule '" + rule + "'");
            } else if (!HeaderPolicy.isLegalValue(value)) {
                m.invalid(header, HeaderPolicy.VALUE_EXPECTATION);
            } else {
                headers.put(header, value);
            }
        }
        m.finish();
        return headers;
    }
}
