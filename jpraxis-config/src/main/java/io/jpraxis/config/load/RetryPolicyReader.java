package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.RetryCondition;
import io.jpraxis.config.model.RetryPolicyConfig;
import io.jpraxis.config.model.RetryPolicyOverride;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a {@code retry_policy} block, of a cluster or of a router route (see
 * docs/behaviour/retries.md), reporting every bad value.
 */
public final class RetryPolicyReader {
    static final long MAX_TIMEOUT_MS = 3_600_000;
    static final long MAX_RETRIES_ACCEPTED = Integer.MAX_VALUE;
    static final long MAX_MIN_RETRIES_PER_SECOND = 1_000_000;
    private static final String PERCENT_EXPECTATION = "a number from 0 to 100";
    private static final List<String> CONDITION_NAMES = List.of("connect_failure", "reset", "refused_stream",
            "status5xx", "status_5xx");
    private static final ObjectDescriptor BACKOFF = ObjectDescriptor.of("The wait before each retry: uniformly "
            + "random in [0, min(base * 2^(n-1), max)] for retry n.",
            key("base_interval_ms", KeyType.integer(1, MAX_TIMEOUT_MS), "Ceiling of the first retry's wait; doubles "
                    + "with each retry.").withDefault(RetryPolicyConfig.Backoff.DEFAULT.baseIntervalMs()),
            key("max_interval_ms", KeyType.integer(1, MAX_TIMEOUT_MS), "Largest ceiling.")
                    .withDefault(RetryPolicyConfig.Backoff.DEFAULT.maxIntervalMs()).withRule("at least base_interval_ms"));
    private static final ObjectDescriptor BUDGET = ObjectDescriptor.of("A token bucket per cluster that bounds "
            + "retries.",
            key("percent", new KeyType.Num(KeyType.Num.FROM_ZERO, 100, PERCENT_EXPECTATION), "Tokens the bucket may "
                    + "hold, as a share of the cluster's active requests.").asRequired(),
            key("min_retries_per_second", KeyType.integer(1, MAX_MIN_RETRIES_PER_SECOND), "Refill rate and least "
                    + "capacity of the bucket.").withDefault(RetryPolicyConfig.Budget.DEFAULT_MIN_RETRIES_PER_SECOND));
    /** The keys of {@code retry_policy}. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("When and how often a failed upstream attempt is "
            + "retried.",
            key("max_retries", KeyType.integer(0, MAX_RETRIES_ACCEPTED), "Retries after the first attempt; 0 turns "
                    + "retries off; more than 15 are accepted and capped at 15.")
                    .withDefault(RetryPolicyConfig.DEFAULT_MAX_RETRIES),
            key("retriable_conditions", KeyType.listOf(new KeyType.Choice(CONDITION_NAMES)), "Failures that are "
                    + "retried (status_5xx is another spelling of status5xx).").withDefault("[\"connect_failure\"]"),
            key("retriable_status_codes", KeyType.listOf(KeyType.integer(100, 599)), "Response statuses that are "
                    + "retried, besides the 5xx of status5xx.").withDefault("[]"),
            key("per_try_timeout_ms", KeyType.integer(1, MAX_TIMEOUT_MS), "How long each attempt may take to bring "
                    + "a response head; a slower attempt fails as a reset."),
            key("request_timeout_ms", KeyType.integer(1, MAX_TIMEOUT_MS), "No retry starts once this long has "
                    + "passed since the request arrived."),
            key("backoff", KeyType.object(BACKOFF), "The wait before each retry; absent: 25/250 ms."),
            key("retry_budget", KeyType.object(BUDGET), "Bounds retries per cluster; absent: no budget."),
            key("retry_body_limit_bytes", KeyType.integer(0, RetryPolicyConfig.DEFAULT_RETRY_BODY_LIMIT_BYTES),
                    "Largest request body (before or after filters) kept for replay; a longer body is not retried.")
                    .withDefault(RetryPolicyConfig.DEFAULT_RETRY_BODY_LIMIT_BYTES),
            key("allow_non_idempotent", KeyType.bool(), "Whether POST, PATCH and other non-idempotent requests are "
                    + "retried too.").withDefault(false));

    private RetryPolicyReader() {
    }

    /** A cluster's block over the configured defaults; empty when it had errors. */
    static Optional<RetryPolicyConfig> read(ConfigNode node, ConfigPath path, Diagnostics d) {
        return readOverride(node, path, d, false).map(o -> o.over(RetryPolicyConfig.DEFAULTS));
    }

    /**
     * The keys a block sets; empty when it had errors.
     *
     * @param emptyListsInherit true for a route's block, where {@code []} keeps the cluster's list;
     *     on a cluster an empty {@code retriable_conditions} is refused as meaningless
     */
    public static Optional<RetryPolicyOverride> readOverride(ConfigNode node, ConfigPath path, Diagnostics d,
            boolean emptyListsInherit) {
        MapReader r = MapReader.of(node, path, d, KEYS);
        Integer maxRetries = r.integer("max_retries").map(Long::intValue).orElse(null);
        List<RetryCondition> conditions = r.present("retriable_conditions")
                .map(n -> conditions(n, r.path("retriable_conditions"), d, emptyListsInherit)).orElse(List.of());
        List<Integer> statuses = r.present("retriable_status_codes")
                .map(n -> statusCodes(n, r.path("retriable_status_codes"), d)).orElse(List.of());
        Long perTry = r.integer("per_try_timeout_ms").orElse(null);
        Long requestTimeout = r.integer("request_timeout_ms").orElse(null);
        RetryPolicyConfig.Backoff backoff = r.map("backoff", BACKOFF).flatMap(RetryPolicyReader::backoff).orElse(null);
        RetryPolicyConfig.Budget budget = r.map("retry_budget", BUDGET).flatMap(RetryPolicyReader::budget).orElse(null);
        Long bodyLimit = r.integer("retry_body_limit_bytes").orElse(null);
        Boolean nonIdempotent = r.bool("allow_non_idempotent").orElse(null);
        return r.finishCleanly() ? Optional.of(new RetryPolicyOverride(maxRetries, conditions, statuses, perTry,
                requestTimeout, backoff, budget, bodyLimit, nonIdempotent)) : Optional.empty();
    }

    private static Optional<RetryPolicyConfig.Backoff> backoff(MapReader r) {
        long base = r.integer("base_interval_ms").orElse(RetryPolicyConfig.Backoff.DEFAULT.baseIntervalMs());
        long max = r.integer("max_interval_ms").orElse(Math.max(base, RetryPolicyConfig.Backoff.DEFAULT.maxIntervalMs()));
        if (r.has("max_interval_ms") && max < base) {
            r.invalid("max_interval_ms", "at least base_interval_ms (" + base + ")");
        }
        return r.finishCleanly() ? Optional.of(new RetryPolicyConfig.Backoff(base, max)) : Optional.empty();
    }

    private static Optional<RetryPolicyConfig.Budget> budget(MapReader r) {
        Double percent = r.require("percent") ? r.number("percent").orElse(null) : null;
        long minPerSecond = r.integer("min_retries_per_second")
                .orElse(RetryPolicyConfig.Budget.DEFAULT_MIN_RETRIES_PER_SECOND);
        return r.finishCleanly() && percent != null ? Optional.of(new RetryPolicyConfig.Budget(percent, minPerSecond))
                : Optional.empty();
    }

    private static List<RetryCondition> conditions(ConfigNode node, ConfigPath path, Diagnostics d,
            boolean emptyAllowed) {
        List<ConfigNode> items = Scalars.list(node, path, d).orElse(null);
        if (items == null) {
            return List.of();
        }
        if (items.isEmpty() && !emptyAllowed) {
            d.invalid(path, node.line(), "[]", "a non-empty list such as [connect_failure]; "
                    + "set max_retries: 0 to turn retries off");
        }
        List<RetryCondition> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigNode item = items.get(i);
            ConfigPath itemPath = path.index(i);
            Scalars.string(item, itemPath, d).ifPresent(name -> {
                RetryCondition c = condition(name);
                if (c == null) {
                    d.invalid(itemPath, item.line(), Names.quote(name), String.join(" | ", CONDITION_NAMES));
                } else if (!out.contains(c)) {
                    out.add(c);
                }
            });
        }
        return out;
    }

    private static RetryCondition condition(String name) {
        if (name.equals("status_5xx")) {
            return RetryCondition.STATUS_5XX;
        }
        for (RetryCondition c : RetryCondition.values()) {
            if (c.yamlName().equals(name)) {
                return c;
            }
        }
        return null;
    }

    private static List<Integer> statusCodes(ConfigNode node, ConfigPath path, Diagnostics d) {
        List<ConfigNode> items = Scalars.list(node, path, d).orElse(List.of());
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Scalars.integer(items.get(i), path.index(i), d, 100, 599).map(Long::intValue)
                    .filter(code -> !out.contains(code)).ifPresent(out::add);
        }
        return out;
    }
}
