package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.List;
import java.util.Optional;

/**
 * Reads a cluster's {@code retry_policy} (see docs/behaviour/clusters.md#cluster-settings). jpraxis
 * retries connect failures only, so {@code retriable_conditions} may name {@code connect_failure}
 * alone; the other Praxis conditions and the timing, backoff and budget keys are refused as not
 * implemented rather than ignored.
 */
final class RetryPolicyReader {
    /** Upper bound of {@code max_retries}: each retry can hold a replay buffer and an endpoint. */
    static final long MAX_RETRIES = 10;
    /**
     * Replay buffers are buffered bodies, so the absolute body cap applies (see
     * docs/behaviour/body-access.md#body-limits).
     */
    static final long MAX_RETRY_BODY_LIMIT_BYTES = 64L * 1024 * 1024;
    private static final String IMPLEMENTED_CONDITION = "connect_failure";
    private static final List<String> PRAXIS_CONDITIONS = List.of("connect_failure", "reset", "refused_stream",
            "status5xx");
    /** The keys of {@code retry_policy}. */
    static final ObjectDescriptor KEYS = ObjectDescriptor.of("When and how often a failed upstream attempt is retried.",
            key("max_retries", KeyType.integer(0, MAX_RETRIES), "Retries after the first attempt; 0 turns retries "
                    + "off.").withDefault(RetryPolicyConfig.LEGACY.maxRetries()),
            key("retry_body_limit_bytes", KeyType.integer(0, MAX_RETRY_BODY_LIMIT_BYTES), "Largest request body "
                    + "kept for replay; a longer body is not retried.")
                    .withDefault(RetryPolicyConfig.DEFAULT_RETRY_BODY_LIMIT_BYTES),
            key("allow_non_idempotent", KeyType.bool(), "Whether POST, PATCH and other non-idempotent requests are "
                    + "retried too.").withDefault(false),
            key("retriable_conditions", KeyType.listOf(new KeyType.Choice(PRAXIS_CONDITIONS), 1, null),
                    "Failures that are retried; only connect_failure is implemented."))
            .withNotImplemented("retriable_status_codes", "per_try_timeout_ms", "request_timeout_ms", "backoff",
                    "retry_budget");

    private RetryPolicyReader() {
    }

    static Optional<RetryPolicyConfig> read(ConfigNode node, ConfigPath path, Diagnostics d) {
        MapReader r = MapReader.of(node, path, d, KEYS);
        int maxRetries = r.integer("max_retries").map(Long::intValue)
                .orElse(RetryPolicyConfig.LEGACY.maxRetries());
        long bodyLimit = r.integer("retry_body_limit_bytes")
                .orElse(RetryPolicyConfig.DEFAULT_RETRY_BODY_LIMIT_BYTES);
        boolean nonIdempotent = r.bool("allow_non_idempotent", false);
        r.present("retriable_conditions").ifPresent(n -> conditions(n, r.path("retriable_conditions"), d));
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
