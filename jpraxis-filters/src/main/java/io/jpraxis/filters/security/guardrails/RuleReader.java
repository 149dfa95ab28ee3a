package io.jpraxis.filters.security.guardrails;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Match;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Phase;
import io.jpraxis.filters.security.guardrails.GuardrailRule.Target;
import io.jpraxis.filters.support.HeaderListReader;
import io.jpraxis.filters.support.regex.LinearRegex;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads one {@code guardrails} rule, reporting every problem with its path (docs/reference/filters/guardrails.md). */
final class RuleReader {

    private RuleReader() {
    }

    static Optional<GuardrailRule> read(MapReader r) {
        Target target = r.require("target") ? r.enumValue("target", Target.class).orElse(null) : null;
        String header = header(r, target);
        Match match = match(r);
        boolean negate = r.bool("negate", false);
        Phase phase = r.enumValue("phase", Phase.class).orElse(Phase.REQUEST);
        if (!r.finishCleanly() || target == null || match == null || (target == Target.HEADER) != (header != null)) {
            return Optional.empty();
        }
        return Optional.of(new GuardrailRule(phase, target, header, match, negate));
    }

    private static String header(MapReader r, Target target) {
        if (target == Target.BODY) {
            if (r.has("name")) {
                r.error("name", "set on a body rule (expected: name only with target: header)");
            }
            r.skip("name");
            return null;
        }
        if (target == null) {
            r.skip("name");
            return null;
        }
        if (!r.has("name")) {
            r.error("name", "missing (expected: the header to inspect; required with target: header)");
            r.skip("name");
            return null;
        }
        String name = r.requiredString("name");
        if (name == null || !HeaderListReader.checkName(name, r.path("name"), r.line("name"), r.diagnostics())) {
            return null;
        }
        return name;
    }

    private static Match match(MapReader r) {
        boolean contains = r.has("contains");
        boolean pattern = r.has("pattern");
        if (contains == pattern) {
            r.error(contains ? "pattern" : "contains", (contains ? "set together with contains" : "missing")
                    + " (expected: exactly one of contains or pattern)");
            r.skip("contains", "pattern");
            return null;
        }
        if (pattern) {
            r.skip("contains");
            String text = r.requiredString("pattern");
            return text == null ? null : LinearRegex.compile(text, r.path("pattern"), r.line("pattern"),
                    r.diagnostics()).map(p -> (Match) new GuardrailRule.Regex(text)).orElse(null);
        }
        r.skip("pattern");
        ConfigNode node = r.node("contains").orElseThrow();
        return node instanceof ConfigNode.ListNode ? pii(r) : literal(r);
    }

    private static Match literal(MapReader r) {
        String text = r.requiredString("contains");
        if (text == null) {
            return null;
        }
        if (text.isEmpty()) {
            r.invalid("contains", "a non-empty string, or a list of PII categories");
            return null;
        }
        if (PiiCategory.named(text).isPresent()) {
            // A literal named like a detector is almost surely a detector meant; Praxis refuses it too.
            r.error("contains", HeaderListReader.quote(text) + " is a PII category name (expected: a list, contains: ["
                    + PiiCategory.named(text).get().yamlName() + "], to detect it; a literal may not be spelled so)");
            return null;
        }
        return new GuardrailRule.Literal(text);
    }

    private static Match pii(MapReader r) {
        List<String> names = r.strings("contains").orElse(List.of());
        if (names.isEmpty()) {
            r.invalid("contains", "at least one PII category (ssn, credit_card, phone, email)");
            return null;
        }
        List<PiiCategory> categories = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            Optional<PiiCategory> c = PiiCategory.named(name).filter(p -> p.yamlName().equals(name));
            if (c.isEmpty()) {
                r.diagnostics().invalid(r.path("contains").index(i), r.line("contains"), HeaderListReader.quote(name),
                        "one of ssn, credit_card, phone, email");
                ok = false;
            } else {
                categories.add(c.get());
            }
        }
        return ok ? new GuardrailRule.Pii(categories) : null;
    }
}
