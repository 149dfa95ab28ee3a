package io.jpraxis.config.load;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.List;
import java.util.Optional;

/**
 * Reads a cluster's {@code retry_policy} (spec 1.5). jpraxis retries connect failures only, so
 * {@code retriable_conditions} may name {@code connect_failure} alone; the other Praxis conditions
 * and the timing, backoff and budget keys are refused as not implemented rather than ignored.
 */
final class RetryPolicyReader {
    /** Upper bound of {@code max_retries}: each retry can hold a replay buffer and an endpoint. */
    static final long MAX_RETRIES = 10;
    /** Replay buffers are buffered bodies, so the absolute body cap applies (decision 12). */
    static final long MAX_RETRY_BODY_LIMIT_BYTES = 64L * 1024 * 1024;
    private static final String IMPLEMENTED_CONDITION = "connect_failure";
    private static final List<String> PRAXIS_CONDITIONS = List.of("connect_failure", "reset", "refused_stream",
            "status5xx");

    private RetryPolicyReader() {
    }

    static Optional<RetryPolicyConfig> read(ConfigNode node, ConfigPath path, Diagnostics d) {
        MapReader r = MapReader.of(node, path, d);
        int maxRetries = r.integer("max_retries", 0, MAX_RETRIES).map(Long::intValue)
                .orElse(RetryPolicyConfig.LEGACY.maxRetries());
        long bodyLimit = r.integer("retry_body_limit_bytes", 0, MAX_RETRY_BODY_LIMIT_BYTES)
                .orElse(RetryPolicyConfig.DEFAULT_RETRY_BODY_LIMIT_BYTES);
        boolean nonIdempotent = r.bool("allow_non_idempotent", false);
        r.present("retriable_conditions").ifPresent(n -> conditions(n, r.path("retriable_conditions"), d));
        r.notImplemented("retriable_status_codes", "per_try_timeout_ms", "request_timeout_ms", "backoff",
                "retry_budget");
        return r.finishCleanly() ? Optional.of(new RetryPolicyConfig(maxRetries, bodyLimit, nonIdempotent))
                : Optional.empty();
    }

    private static void conditions(ConfigNode node, ConfigPath path, Diagnostics d) {
        List<ConfigNode> items = Scalars.list(node, path, d).orElse(null);
        if (items == null) {
            return;
        }
        if (items.isEmpty()) {
            d.invalid(path, node.line(), "[]", "a non-empty list such as [connect_failure]; "
                    + "set max_retries: 0 to turn retries off");
            return;
        }
        for (int i = 0; i < items.size(); i++) {
            ConfigNode item = items.get(i);
            ConfigPath itemPath = path.index(i);
            Scalars.string(item, itemPath, d).ifPresent(condition -> {
                if (!PRAXIS_CONDITIONS.contains(condition)) {
                    d.invalid(itemPath, item.line(), Names.quote(condition), String.join(" | ", PRAXIS_CONDITIONS));
                } else if (!condition.equals(IMPLEMENTED_CONDITION)) {
                    d.error(itemPath, item.line(), Names.quote(condition) + " is not implemented in jpraxis (expected: "
                            + IMPLEMENTED_CONDITION + ")");
                }
            });
        }
    }
}
