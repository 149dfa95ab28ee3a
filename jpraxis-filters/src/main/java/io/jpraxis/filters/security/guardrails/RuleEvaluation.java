package io.jpraxis.filters.security.guardrails;

import io.jpraxis.core.http.HeaderMap;
import java.util.List;
import java.util.Optional;

/**
 * Runs rules over headers and bodies (see docs/reference/filters/guardrails.md#evaluation). The
 * answer says which rule triggered, never what it matched, so no caller can echo a secret back.
 */
final class RuleEvaluation {

    private RuleEvaluation() {
    }

    /**
     * The first header rule of {@code rules} that triggers on {@code headers}: a plain rule on any
     * value that matches (or any value that was not UTF-8 when the rule is non-ASCII), a negated rule
     * when no value matches, so a missing header triggers it.
     */
    static Optional<String> headers(List<CompiledRule> rules, HeaderMap headers) {
        for (CompiledRule rule : rules) {
            List<String> values = headers.getAll(rule.rule().header());
            boolean matched = false;
            boolean unreadable = false;
            for (String value : values) {
                InspectedText text = InspectedText.ofHeaderValue(value);
                if (rule.matches(text.text())) {
                    matched = true;
                    break;
                }
                unreadable |= !text.validUtf8() && rule.nonAscii();
            }
            if (rule.rule().negate() ? !matched : matched || unreadable) {
                return Optional.of(rule.label());
            }
        }
        return Optional.empty();
    }

    /**
     * The first body rule of {@code rules} that triggers on {@code body}; a body that is not UTF-8
     * triggers regardless of the rules (fail closed: the rules are written for text).
     */
    static Optional<String> body(List<CompiledRule> rules, byte[] body) {
        InspectedText text = InspectedText.ofUtf8(body);
        if (!text.validUtf8()) {
            return Optional.of("body is not UTF-8");
        }
        for (CompiledRule rule : rules) {
            if (rule.matches(text.text()) != rule.rule().negate()) {
                return Optional.of(rule.label());
            }
        }
        return Optional.empty();
    }
}
