package io.jpraxis.filters.security.guardrails;

import com.google.re2j.Pattern;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Literal;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Pii;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Regex;
import java.util.List;

/**
 * A rule ready to run: its matcher compiled once (RE2/J, linear time; see
 * docs/behaviour/regular-expressions.md) and its position, which refusals and logs name instead
 * of the text that matched.
 */
final class CompiledRule {
    private final GuardrailRule rule;
    private final int index;
    private final Pattern pattern;
    private final List<PiiCategory> pii;
    private final boolean nonAscii;

    CompiledRule(GuardrailRule rule, int index) {
        this.rule = rule;
        this.index = index;
        switch (rule.match()) {
            case Literal l -> {
                // Praxis matches a literal without regard to case; quoting keeps it literal.
                this.pattern = Pattern.compile("(?i)" + Pattern.quote(l.text()));
                this.pii = List.of();
                this.nonAscii = !isAscii(l.text());
            }
            case Pii p -> {
                this.pattern = null;
                this.pii = p.categories();
                this.nonAscii = false;
            }
            case Regex r -> {
                this.pattern = Pattern.compile(r.pattern());
                this.pii = List.of();
                this.nonAscii = !isAscii(r.pattern());
            }
        }
    }

    GuardrailRule rule() {
        return rule;
    }

    /** Where the rule sits in the config, as refusals name it ({@code rules[2]}). */
    String label() {
        return "rules[" + index + "]";
    }

    /**
     * Whether a text that is not valid UTF-8 must count against this rule when nothing matched: a
     * non-ASCII literal or pattern could have been hidden by the lossy decoding, so such a rule
     * fails closed (see docs/reference/filters/guardrails.md#evaluation).
     */
    boolean nonAscii() {
        return nonAscii;
    }

    /** Whether the rule's matcher finds something in {@code text} (before {@code negate}). */
    boolean matches(CharSequence text) {
        if (pattern != null) {
            return pattern.matcher(text).find();
        }
        for (PiiCategory c : pii) {
            if (c.detectsIn(text)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0x7f) {
                return false;
            }
        }
        return true;
    }
}
