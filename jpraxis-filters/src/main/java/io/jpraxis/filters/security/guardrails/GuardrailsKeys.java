package io.jpraxis.filters.security.guardrails;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;
import io.jpraxis.filters.support.regex.LinearRegex;
import java.util.Arrays;

/** The keys of a {@code guardrails} entry and of each of its rules. */
public final class GuardrailsKeys {
    static final KeyType PII = new KeyType.Choice(Arrays.stream(PiiCategory.values()).map(PiiCategory::yamlName)
            .toList());

    static final ObjectDescriptor RULE = ObjectDescriptor.of("One inspection rule.",
            key("target", KeyType.choice(GuardrailRule.Target.class), "What the rule inspects.").asRequired(),
            key("name", HeaderListKeys.NAME, "The header inspected (every value of it).")
                    .withRule("required with target header, refused with body; " + HeaderListKeys.NAME_RULE),
            key("contains", KeyType.oneOf(new KeyType.Text(1, null), KeyType.listOf(PII, 1, null)), "A string: a "
                    + "case-insensitive substring; a list: PII detectors, any of which finding something matches.")
                    .withRule("exactly one of contains or pattern; a string may not be a PII category name in any "
                            + "case (write it as a list)"),
            key("pattern", new KeyType.Text(1, LinearRegex.MAX_PATTERN_CHARS), "A regular expression (RE2 syntax) "
                    + "searched for anywhere in the text.")
                    .withRule("exactly one of contains or pattern; compiled size at most 1 MiB"),
            key("negate", KeyType.bool(), "Trigger when the text does NOT match (a missing header then "
                    + "triggers).").withDefault(false),
            key("phase", KeyType.choice(GuardrailRule.Phase.class), "Inspect the request or the response (a jpraxis "
                    + "extension; Praxis inspects requests only).").withDefault("request"))
            .withExactlyOne("contains", "pattern");

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Refuses or flags requests (and responses) "
            + "whose headers or body trigger a rule.",
            key("rules", KeyType.listOf(KeyType.object(RULE), 1, null), "The rules, in order; the first that "
                    + "triggers decides.").asRequired(),
            key("action", KeyType.choice(GuardrailsConfig.Action.class), "reject: refuse (403 for a request); "
                    + "flag: publish status blocked and go on, for branches to decide.").withDefault("reject"),
            key("reject_oversized", KeyType.bool(), "Refuse a body of 1 MiB or more with 413 instead of inspecting "
                    + "it.").withDefault(false));

    private GuardrailsKeys() {
    }
}
