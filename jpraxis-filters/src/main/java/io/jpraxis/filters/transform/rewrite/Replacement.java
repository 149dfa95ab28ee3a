package io.jpraxis.filters.transform.rewrite;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A regex replacement template in Praxis's syntax (see
 * docs/reference/filters/path_rewrite.md#replacement-syntax): {@code $1} or {@code ${1}} is a
 * group by number, {@code $name} or {@code ${name}} a named group ({@code (?P<name>...)}), {@code
 * $$} a literal dollar; a {@code $} followed by anything else is itself. A bare reference takes
 * the longest run of letters, digits and {@code _}, so {@code $1_old} names group {@code 1_old}.
 * Praxis expands a group the pattern lacks to nothing; jpraxis refuses it at load, which is where
 * {@code $1_old} meant as {@code ${1}_old} is caught.
 */
public final class Replacement {
    /** A group number to copy, or -1 for the literal. */
    private record Part(String literal, int group) {
    }

    private final List<Part> parts;

    private Replacement(List<Part> parts) {
        this.parts = List.copyOf(parts);
    }

    /**
     * Parses {@code text} against {@code pattern}'s groups; reports every reference to a group it
     * lacks at {@code path} and returns empty.
     */
    public static Optional<Replacement> parse(String text, Pattern pattern, ConfigPath path, int line,
            Diagnostics diagnostics) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        boolean ok = true;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != '$' || i + 1 >= text.length()) {
                literal.append(c);
                i++;
                continue;
            }
            if (text.charAt(i + 1) == '$') {
                literal.append('$');
                i += 2;
                continue;
            }
            int nameStart;
            int nameEnd;
            int next;
            if (text.charAt(i + 1) == '{') {
                nameStart = i + 2;
                nameEnd = text.indexOf('}', nameStart);
                next = nameEnd + 1;
            } else {
                nameStart = i + 1;
                nameEnd = nameStart;
                while (nameEnd < text.length() && isNameChar(text.charAt(nameEnd))) {
                    nameEnd++;
                }
                next = nameEnd;
            }
            if (nameEnd <= nameStart) { // "$-", "${}" or an unclosed "${": the dollar stands for itself
                literal.append(c);
                i++;
                continue;
            }
            String name = text.substring(nameStart, nameEnd);
            int group = group(name, pattern);
            if (group < 0) {
                diagnostics.error(path, line, "\"" + text + "\" refers to group '" + name + "', which pattern \""
                        + pattern.pattern() + "\" does not have (expected: a group number from 0 to "
                        + pattern.groupCount() + " or a (?P<name>...) group; write ${1}x for group 1 then x)");
                ok = false;
            }
            if (!literal.isEmpty()) {
                parts.add(new Part(literal.toString(), -1));
                literal.setLength(0);
            }
            parts.add(new Part(null, group));
            i = next;
        }
        if (!literal.isEmpty()) {
            parts.add(new Part(literal.toString(), -1));
        }
        return ok ? Optional.of(new Replacement(parts)) : Optional.empty();
    }

    /** The literal text of the template, references left out (checked at load for path characters). */
    public String literals() {
        StringBuilder out = new StringBuilder();
        parts.stream().filter(p -> p.group() < 0).forEach(p -> out.append(p.literal()));
        return out.toString();
    }

    /** Appends the template expanded for {@code match}; a group that did not take part adds nothing. */
    void expand(Matcher match, StringBuilder out) {
        for (Part p : parts) {
            if (p.group() < 0) {
                out.append(p.literal());
            } else {
                String value = match.group(p.group());
                if (value != null) {
                    out.append(value);
                }
            }
        }
    }

    private static int group(String name, Pattern pattern) {
        if (name.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            if (name.length() > 9) {
                return -1;
            }
            int n = Integer.parseInt(name);
            return n <= pattern.groupCount() ? n : -1;
        }
        Map<String, Integer> named = pattern.namedGroups();
        return named.getOrDefault(name, -1);
    }

    private static boolean isNameChar(char c) {
        return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Replacement other && parts.equals(other.parts);
    }

    @Override
    public int hashCode() {
        return parts.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (Part p : parts) {
            out.append(p.group() < 0 ? p.literal().replace("$", "$$") : "${" + p.group() + "}");
        }
        return out.toString();
    }
}
