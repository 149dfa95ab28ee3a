package io.jpraxis.ai.tokenratelimit;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.ai.tokenratelimit.Estimation.Strategy;
import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.KeyMode;
import io.jpraxis.ai.tokenratelimit.TokenRule.Algorithm;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.load.StoreBackendReader;
import io.jpraxis.config.keys.ObjectDescriptor;
import java.util.List;

/** The keys of a {@code token_rate_limit} entry (see docs/reference/filters/token_rate_limit.md#keys). */
public final class TokenRateLimitKeys {
    static final long MAX = TokenRateLimitConfig.MAX_TOKENS;
    static final KeyType TOKENS = KeyType.integer(1, MAX);
    static final KeyType POSITIVE = new KeyType.Num(0, Double.MAX_VALUE, "a finite number greater than 0");
    static final KeyType WEIGHT = new KeyType.Num(KeyType.Num.FROM_ZERO, Double.MAX_VALUE, "a finite number, at least 0");
    static final KeyType DURATION = new KeyType.Text(2, 24);

    static final ObjectDescriptor WEIGHTS = ObjectDescriptor.of("Reconciliation weights per kind of token.",
            key("input", WEIGHT, "Uncached input tokens.").withDefault(1.0),
            key("output", WEIGHT, "Visible output tokens.").withDefault(1.0),
            key("cached_input", WEIGHT, "Input tokens read from the provider's cache.").withDefault(1.0),
            key("cache_write", WEIGHT, "Input tokens written to the provider's cache.").withDefault(1.0),
            key("reasoning", WEIGHT, "Reasoning tokens.").withDefault(1.0));

    static final ObjectDescriptor MATCH = ObjectDescriptor.of("Which requests the rule takes.",
            key("headers", new KeyType.MapOf(KeyType.text(), 0), "Header name to the exact value its first "
                    + "value must have; all must hold.").withDefault("{}").withRule("valid header names"));

    static final ObjectDescriptor ESTIMATION = ObjectDescriptor.of("The admission estimate.",
            key("strategy", KeyType.choice(Strategy.class), "Where the estimate comes from.").asRequired(),
            key("multiplier", POSITIVE, "Safety margin applied to every estimate.").withDefault(1.0),
            key("fallback_estimate", TOKENS, "Estimate when the body names no output limit.")
                    .withRule("required for fixed, where ceil(fallback_estimate × multiplier) must be at most "
                            + "capacity; otherwise at most capacity"),
            key("model_multipliers", new KeyType.MapOf(POSITIVE, 0), "Per-model factor on the output part.")
                    .withRule("model_scaled only"),
            key("default_multiplier", POSITIVE, "Factor of a model not listed.").withDefault(1.0)
                    .withRule("model_scaled only; × multiplier finite"),
            key("bytes_per_token", POSITIVE, "Request bytes per input token.")
                    .withDefault(Estimation.DEFAULT_BYTES_PER_TOKEN).withRule("input_plus_max_tokens only"));

    static final ObjectDescriptor TIER_ACTION = ObjectDescriptor.of("What a tier does.",
            key("type", new KeyType.Choice(List.of("inject", "deny")), "inject adds headers upstream; deny restates "
                    + "the capacity.").asRequired(),
            key("headers", new KeyType.MapOf(KeyType.text(), 0), "Headers an inject tier adds to the upstream "
                    + "request.").withRule("inject: at least one; not host, framing, hop-by-hop or reserved"));

    static final ObjectDescriptor TIER = ObjectDescriptor.of("A soft limit.",
            key("capacity", TOKENS, "Usage at which the tier fires.").asRequired()
                    .withRule("strictly ascending; at most the rule's capacity; a deny tier's equals it"),
            key("action", KeyType.object(TIER_ACTION), "What it does.").asRequired());

    static final ObjectDescriptor RULE = ObjectDescriptor.of("One budget.",
            key("name", new KeyType.Text(1, 128), "Metrics label.").asRequired().withRule("unique in the filter"),
            key("match", KeyType.object(MATCH), "Which requests the rule takes; unset: every request."),
            key("algorithm", KeyType.choice(Algorithm.class), "How the budget is kept.").asRequired(),
            key("window", DURATION, "Trailing window (sliding_window).").withRule("required for sliding_window "
                    + "only; <integer><unit>, unit ms, s, m or h, not 0"),
            key("capacity", TOKENS, "Most tokens in the window, or the bucket's ceiling.").asRequired(),
            key("refill_rate", POSITIVE, "Tokens added per second (token_bucket).")
                    .withRule("required for token_bucket only; capacity ÷ refill_rate at most 1e9 s"),
            key("reserved_tokens", TOKENS, "Legacy fixed estimate.").withRule("at most capacity; exactly one of "
                    + "reserved_tokens and estimation"),
            key("estimation", KeyType.object(ESTIMATION), "The admission estimate."),
            key("reservation_timeout", DURATION, "How long an unsettled reservation stays active; then it is charged "
                    + "at its estimate.").withDefault("30s").withRule("<integer><unit>, unit ms, s, m or h, not 0"),
            key("weights", KeyType.object(WEIGHTS), "Overlay on default_weights."),
            key("tiers", KeyType.listOf(KeyType.object(TIER), 1, null), "Graduated soft limits."));

    static final ObjectDescriptor BACKEND = StoreBackendReader.keys(TokenRateLimitConfig.DEFAULT_NAMESPACE);

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Token-denominated quotas: reserve an estimate "
            + "at admission, reconcile with the reported usage.",
            key("rules", KeyType.listOf(KeyType.object(RULE), 1, null), "Evaluated in order; the first that matches "
                    + "applies.").asRequired().withRule("names unique"),
            key("key", KeyType.choice(KeyMode.class), "What partitions each rule's budget.").withDefault("global"),
            key("backend", KeyType.object(BACKEND), "Where the budgets live; unset: in this process; kind: "
                    + "valkey: in a store every replica shares.").withDefault("{kind: memory}"),
            key(StoreBackendReader.ON_ERROR, KeyType.choice(StoreBackendReader.OnError.class), "What a store error "
                    + "at admission does: closed answers 503, open admits (nothing reserved), logs and counts.").withDefault("closed")
                    .withRule("valkey backend only"),
            key("default_weights", KeyType.object(WEIGHTS), "Reconciliation weights of every rule.")
                    .withDefault("{}"));

    private TokenRateLimitKeys() {
    }
}
