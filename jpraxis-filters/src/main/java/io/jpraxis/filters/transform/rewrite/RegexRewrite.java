package io.jpraxis.filters.transform.rewrite;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.filters.support.regex.LinearRegex;
import java.util.Optional;

/**
 * A compiled {@code {pattern, replacement}} pair (RE2/J, see docs/behaviour/regular-expressions.md)
 * applied to a path: {@code path_rewrite}'s {@code replace} replaces the first match, {@code
 * url_rewrite}'s {@code regex_replace} every match.
 */
public record RegexRewrite(Pattern pattern, Replacement replacement) {

    /** The keys of the map. */
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("A regular expression and its replacement.",
            key("pattern", KeyType.text(), "An RE2 regular expression matched against the path.").asRequired()
                    .withRule("linear-time RE2 syntax, at most " + LinearRegex.MAX_PATTERN_CHARS + " characters"),
            key("replacement", KeyType.text(), "What a match becomes; $1, ${1}, $name, ${name} insert groups, $$ "
                    + "a dollar.").asRequired().withRule("groups the pattern has; no '?', '#', '\\', space, "
                    + "control or non-ASCII characters"));

    /** Reads the map under {@code key} of {@code options}; every problem is reported. */
    public static Optional<RegexRewrite> read(MapReader options, String key) {
        Optional<MapReader> map = options.map(key, KEYS);
        if (map.isEmpty()) {
            options.invalid(key, "a map with pattern and replacement");
            return Optional.empty();
        }
        MapReader m = map.get();
        String patternText = m.requiredString("pattern");
        String replacementText = m.requiredString("replacement");
        Optional<Pattern> pattern = patternText == null ? Optional.empty()
                : LinearRegex.compile(patternText, m.path("pattern"), m.line("pattern"), m.diagnostics());
        Optional<Replacement> replacement = pattern.isEmpty() || replacementText == null ? Optional.empty()
                : Replacement.parse(replacementText, pattern.get(), m.path("replacement"), m.line("replacement"),
                        m.diagnostics());
        replacement.ifPresent(r -> PathText.check(r.literals(), m, "replacement"));
        if (!m.finishCleanly() || replacement.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RegexRewrite(pattern.get(), replacement.get()));
    }

    /** Back to its YAML map, for {@code dump}. */
    public java.util.Map<String, Object> toYaml() {
        java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("pattern", pattern.pattern());
        out.put("replacement", replacement.toString());
        return out;
    }

    /** {@code input} with its first match (or, with {@code all}, every match) replaced; itself when none. */
    public String apply(String input, boolean all) {
        Matcher m = pattern.matcher(input);
        StringBuilder out = null;
        int last = 0;
        while (m.find()) {
            out = out == null ? new StringBuilder(input.length() + 16) : out;
            out.append(input, last, m.start());
            replacement.expand(m, out);
            last = m.end();
            if (!all) {
                break;
            }
        }
        return out == null ? input : out.append(input, last, input.length()).toString();
    }
}
