package io.jpraxis.filters.security.guardrails;

import java.util.List;

/**
 * One {@code guardrails} rule as configured (see docs/reference/filters/guardrails.md): what it
 * inspects, how it matches and whether the match is inverted.
 *
 * @param phase the request (Praxis) or the response (a jpraxis extension)
 * @param target a header or the body
 * @param header the inspected header's name for {@link Target#HEADER}, null for the body
 * @param match what counts as a match
 * @param negate trigger when the text does NOT match
 */
public record GuardrailRule(Phase phase, Target target, String header, Match match, boolean negate) {

    public GuardrailRule {
        if ((target == Target.HEADER) != (header != null)) {
            throw new IllegalArgumentException("a header rule names its header; a body rule does not");
        }
    }

    /** Which side of the exchange a rule inspects. */
    public enum Phase { REQUEST, RESPONSE }

    /** What a rule inspects. */
    public enum Target { HEADER, BODY }

    /** How a rule matches: exactly one of a literal, PII detectors or a regular expression. */
    public sealed interface Match permits Literal, Pii, Regex {
    }

    /** A case-insensitive substring. */
    public record Literal(String text) implements Match {
    }

    /** Any of these PII detectors finding something. */
    public record Pii(List<PiiCategory> categories) implements Match {
        public Pii {
            categories = List.copyOf(categories);
        }
    }

    /** A linear-time regular expression found anywhere in the text (RE2 syntax). */
    public record Regex(String pattern) implements Match {
    }
}
