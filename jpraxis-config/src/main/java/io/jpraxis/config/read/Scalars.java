package io.jpraxis.config.read;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.ConfigNode.ScalarKind;
import io.jpraxis.config.tree.ConfigNode.ScalarNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Typed reads of single nodes, reporting a wrong type as {@code value (expected: type)}. */
public final class Scalars {
    private Scalars() {
    }

    public static Optional<String> string(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node instanceof ScalarNode s && s.kind() == ScalarKind.STRING) {
            return Optional.of(s.text());
        }
        d.invalid(path, node.line(), node.render(), "a string");
        return Optional.empty();
    }

    /** Any scalar as its text: numbers and booleans read as written (used where Praxis does so). */
    public static Optional<String> text(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node instanceof ScalarNode s) {
            return Optional.of(s.text());
        }
        d.invalid(path, node.line(), node.render(), "a scalar");
        return Optional.empty();
    }

    public static Optional<Long> integer(ConfigNode node, ConfigPath path, Diagnostics d, long min, long max) {
        if (!(node instanceof ScalarNode s) || s.kind() != ScalarKind.INT) {
            d.invalid(path, node.line(), node.render(), "an integer from " + min + " to " + max);
            return Optional.empty();
        }
        long value;
        try {
            value = Long.parseLong(s.text().replace("_", ""));
        } catch (NumberFormatException e) {
            d.invalid(path, node.line(), s.text(), "an integer from " + min + " to " + max);
            return Optional.empty();
        }
        if (value < min || value > max) {
            d.invalid(path, node.line(), s.text(), "an integer from " + min + " to " + max);
            return Optional.empty();
        }
        return Optional.of(value);
    }

    /**
     * A finite number written as an integer or a float ({@code 10}, {@code 0.5}), greater than
     * {@code exclusiveMin} and at most {@code max}; {@code .inf} and {@code .nan} are refused.
     */
    public static Optional<Double> number(ConfigNode node, ConfigPath path, Diagnostics d, double exclusiveMin,
            double max, String expectation) {
        if (node instanceof ScalarNode s && (s.kind() == ScalarKind.INT || s.kind() == ScalarKind.FLOAT)) {
            double value = parseNumber(s.text());
            if (Double.isFinite(value) && value > exclusiveMin && value <= max) {
                return Optional.of(value);
            }
        }
        d.invalid(path, node.line(), node.render(), expectation);
        return Optional.empty();
    }

    /** Core-schema number text as a double; NaN for {@code .inf}, {@code .nan} and what does not parse. */
    private static double parseNumber(String text) {
        try {
            return Double.parseDouble(text); // ".inf" and ".nan" do not parse: YAML spells them differently
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    public static Optional<Boolean> bool(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node instanceof ScalarNode s && s.kind() == ScalarKind.BOOL) {
            return Optional.of(Boolean.parseBoolean(s.text().toLowerCase(Locale.ROOT)));
        }
        d.invalid(path, node.line(), node.render(), "true or false");
        return Optional.empty();
    }

    public static Optional<List<ConfigNode>> list(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node instanceof ConfigNode.ListNode l) {
            return Optional.of(l.items());
        }
        d.invalid(path, node.line(), node.render(), "a list");
        return Optional.empty();
    }

    /** An enum constant spelled as its lower-case name; the expectation lists every choice. */
    public static <E extends Enum<E>> Optional<E> enumValue(ConfigNode node, ConfigPath path, Diagnostics d,
            Class<E> type) {
        Optional<String> text = string(node, path, d);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        for (E constant : type.getEnumConstants()) {
            if (yamlName(constant).equals(text.get())) {
                return Optional.of(constant);
            }
        }
        d.invalid(path, node.line(), node.render(), choices(type));
        return Optional.empty();
    }

    public static String yamlName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    /** {@code a | b | c} for an enum's YAML names. */
    public static <E extends Enum<E>> String choices(Class<E> type) {
        List<String> names = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            names.add(yamlName(constant));
        }
        return String.join(" | ", names);
    }
}
