package io.jpraxis.ai.modelrewrite;

import io.jpraxis.config.model.UpstreamMatcher;
import java.util.List;

/**
 * The {@code model_rewrite} filter's config.
 *
 * @param rules tried in order; the first whose {@code when} matches the bound cluster's tags and
 *     whose {@code from} equals the body's {@code model} wins
 * @param maxBodyBytes the most body bytes the filter buffers (its StreamBuffer bound)
 */
public record ModelRewriteConfig(List<Rule> rules, long maxBodyBytes) {
    /** The body field rewritten. */
    public static final String FIELD = "model";

    public ModelRewriteConfig {
        rules = List.copyOf(rules);
    }

    /**
     * One rewrite.
     *
     * @param when the bound cluster's tags this rule is for, or null for every request (then it
     *     can run at pre-read too)
     */
    public record Rule(String from, String to, UpstreamMatcher when) {
    }

    /** Whether some rule depends on the binding, so the filter only means something at the barrier. */
    public boolean bindingDependent() {
        return rules.stream().anyMatch(r -> r.when() != null);
    }
}
