package io.jpraxis.ai.tokenratelimit;

import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.KeyMode;
import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.Weights;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.StoreBackendReader;
import io.jpraxis.config.model.StoreBackend;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds {@code token_rate_limit} filters (see docs/reference/filters/token_rate_limit.md), behind
 * the {@code token-rate-limit-filter} flag as Praxis builds it behind its feature of that name.
 * Security-class; keyed by subject it reads the subject an earlier authentication filter set.
 */
public final class TokenRateLimitFactory implements FilterFactory<TokenRateLimitConfig> {
    /** The YAML type name. */
    public static final String TYPE = "token_rate_limit";
    /** The buffer body strategies read the request body into (Praxis's 2 MiB). */
    public static final long MAX_BODY_BYTES = 2L * 1024 * 1024;

    private final Function<String, String> environment;

    /** Resolves {@code backend.url} references from the process environment. */
    public TokenRateLimitFactory() {
        this(System::getenv);
    }

    /** Resolves {@code backend.url} references from {@code environment} (tests). */
    public TokenRateLimitFactory(Function<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(TokenRateLimitKeys.KEYS);
    }

    @Override
    public Feature requiredFeature() {
        return Feature.TOKEN_RATE_LIMIT_FILTER;
    }

    @Override
    public Optional<TokenRateLimitConfig> read(MapReader options, FilterReadContext context) {
        KeyMode key = options.enumValue("key", KeyMode.class).orElse(KeyMode.GLOBAL);
        Weights defaults = options.map("default_weights", TokenRateLimitKeys.WEIGHTS)
                .map(w -> WeightsReader.read(w, Weights.ONE)).orElse(Weights.ONE);
        Optional<StoreBackend> backend = StoreBackendReader.read(options, TokenRateLimitKeys.BACKEND,
                TokenRateLimitConfig.DEFAULT_NAMESPACE, environment);
        List<TokenRule> rules = rules(options, defaults);
        if (!options.finishCleanly() || backend.isEmpty() || rules == null) {
            return Optional.empty();
        }
        return Optional.of(new TokenRateLimitConfig(rules, key, backend.get(), defaults));
    }

    /** The rules, names unique; null after reporting. */
    private static List<TokenRule> rules(MapReader options, Weights defaults) {
        if (!options.require("rules")) {
            return null;
        }
        List<ConfigNode> items = options.list("rules").orElse(null);
        if (items == null) {
            return null;
        }
        if (items.isEmpty()) {
            options.invalid("rules", "at least one rule");
            return null;
        }
        List<TokenRule> rules = new ArrayList<>();
        Map<String, Integer> firstAt = new HashMap<>();
        boolean clean = true;
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("rules").index(i);
            // Names are checked on the raw entries, so a duplicate is reported even beside other errors.
            String name = nameOf(items.get(i));
            Integer earlier = name == null ? null : firstAt.putIfAbsent(name, i);
            Optional<TokenRule> rule = RuleReader.read(items.get(i), path, options.diagnostics(), defaults);
            if (earlier != null) {
                ConfigNode nameNode = ((ConfigNode.MapNode) items.get(i)).get("name").orElseThrow();
                options.diagnostics().invalid(path.key("name"), nameNode.line(), "\"" + name + "\"",
                        "a rule name no other rule has; rules[" + earlier + "] has it");
                clean = false;
            } else if (rule.isEmpty()) {
                clean = false;
            } else {
                rules.add(rule.get());
            }
        }
        return clean ? rules : null;
    }

    private static String nameOf(ConfigNode item) {
        return item instanceof ConfigNode.MapNode m ? m.get("name").filter(ConfigNode.ScalarNode.class::isInstance)
                .map(n -> ((ConfigNode.ScalarNode) n).text()).orElse(null) : null;
    }

    /**
     * Security-class; reads the subject when keyed by it; buffers the request body (2 MiB) only
     * when some rule's estimate needs it; settles in the log hook and writes its 429 headers in the
     * response hook.
     */
    @Override
    public FilterDeclaration declare(TokenRateLimitConfig config) {
        Set<FilterTrait> traits = config.key() == KeyMode.AUTHENTICATED_SUBJECT
                ? Set.of(FilterTrait.SECURITY, FilterTrait.READS_SUBJECT) : Set.of(FilterTrait.SECURITY);
        FilterDeclaration d = FilterDeclaration.NONE.withTraits(traits).withResponseHook(true).withLogHook();
        return config.readsBody() ? d.withRequestBody(BodyAccess.READ_ONLY, BodyMode.buffer(MAX_BODY_BYTES)) : d;
    }

    @Override
    public HttpFilter create(TokenRateLimitConfig config, FilterBuildContext context) {
        StoreBackend backend = config.backend();
        TokenLedger ledger = backend.shared()
                ? new StoreLedger(context.services().stores().store(backend.url()), backend.namespace(), config.rules())
                : new MemoryLedger(config.rules());
        return new TokenRateLimitFilter(config, ledger, context.services().clock());
    }
}
