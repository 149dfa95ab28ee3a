package io.jpraxis.filters.security.guardrails;

import java.util.List;

/**
 * The {@code guardrails} filter's config (docs/reference/filters/guardrails.md).
 *
 * @param rules evaluated in order, the first that triggers decides; at least one
 * @param action what a triggered rule does
 * @param rejectOversized refuse a body of {@link #MAX_BODY_BYTES} or more with 413 instead of
 *     inspecting it (such a body reaches the filter only when another filter buffers more)
 */
public record GuardrailsConfig(List<GuardrailRule> rules, Action action, boolean rejectOversized) {
    /** The body buffer the filter declares for each direction it inspects (1 MiB, as Praxis). */
    public static final long MAX_BODY_BYTES = 1L << 20;

    public GuardrailsConfig {
        rules = List.copyOf(rules);
        if (rules.isEmpty()) {
            throw new IllegalArgumentException("guardrails needs at least one rule");
        }
    }

    /** What a triggered rule does. */
    public enum Action {
        /** Refuse: 403 on the request side (the response side: see the reference page). */
        REJECT,
        /** Publish {@code status: blocked} and go on, so branches decide. */
        FLAG
    }

    /** Whether any rule of {@code phase} inspects {@code target}. */
    public boolean inspects(GuardrailRule.Phase phase, GuardrailRule.Target target) {
        return rules.stream().anyMatch(r -> r.phase() == phase && r.target() == target);
    }
}
