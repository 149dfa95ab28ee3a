package io.jpraxis.filters.security.guardrails;

import com.google.re2j.Pattern;
import java.util.Locale;
import java.util.Optional;

/**
 * The PII categories a {@code contains} list may name, each a heuristic detector: ASCII word
 * boundaries, no checksum (praxis-edge.md 5.8). A literal {@code contains} string equal to one of
 * these names in any case is a load error, so an operator cannot mean one and get the other.
 */
enum PiiCategory {
    SSN("ssn", "\\b[0-9]{3}-[0-9]{2}-[0-9]{4}\\b"),
    CREDIT_CARD("credit_card", "\\b(?:"
            + "(?:4[0-9]{3}|5[1-5][0-9]{2}|222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720"
            + "|6011|64[0-9]{2}|65[0-9]{2})[ -]?[0-9]{4}[ -]?[0-9]{4}[ -]?[0-9]{4}"
            + "|3[47][0-9]{2}[ -]?[0-9]{6}[ -]?[0-9]{5})\\b"),
    PHONE("phone", "(?:^|[^0-9A-Za-z_+(])(?:\\+1[ .-]?)?(?:\\([2-9][0-9]{2}\\)[ .-]?|[2-9][0-9]{2}[ .-])"
            + "[2-9][0-9]{2}[ .-][0-9]{4}\\b"),
    EMAIL("email", "\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}\\b");

    private final String yamlName;
    private final Pattern detector;

    PiiCategory(String yamlName, String regex) {
        this.yamlName = yamlName;
        this.detector = Pattern.compile(regex);
    }

    /** The name a {@code contains} list uses. */
    String yamlName() {
        return yamlName;
    }

    /** Whether {@code text} holds something this category detects. */
    boolean detectsIn(CharSequence text) {
        return detector.matcher(text).find();
    }

    /** The category named {@code name} in any case, as the literal check needs. */
    static Optional<PiiCategory> named(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (PiiCategory c : values()) {
            if (c.yamlName.equals(lower)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
