package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.OnResultConfig;
import io.jpraxis.config.model.ResultMatch;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.read.Suggestions;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.ConfigLimits;
import io.jpraxis.config.validate.Names;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a branch's {@code on_result} (see docs/behaviour/branches.md#branch-chains): the host's
 * type name, a result key (default {@code status}) and a scalar or a single-operator map ({@code
 * contains}, {@code not}, {@code any_of}). Keys and values follow the character rules results
 * themselves follow, so a condition that could never match is refused here.
 */
final class OnResultReader {
    private static final List<String> OPERATORS = List.of("contains", "not", "any_of");
    private static final String KEY_RULE = "1 to " + ConfigLimits.MAX_RESULT_KEY_BYTES
            + " ASCII letters, digits, '_' or '-'";
    private static final String VALUE_RULE = "1 to " + ConfigLimits.MAX_RESULT_VALUE_BYTES
            + " ASCII letters, digits, '_' or '-'";
    private static final String RESULT_SHAPE = "a value, or a map with exactly one of contains, not, any_of";

    private static final KeyType VALUE = new KeyType.Scalar();
    /** The keys of {@code on_result}. */
    static final ObjectDescriptor KEYS = ObjectDescriptor.of("The host filter's result that starts the branch.",
            key("filter", KeyType.text(), "Type name of the filter the branch is attached to.").asRequired(),
            key("key", new KeyType.Text(1, ConfigLimits.MAX_RESULT_KEY_BYTES), "Result key to test.")
                    .withDefault(OnResultConfig.DEFAULT_KEY),
            key("result", KeyType.oneOf(VALUE,
                    operator("contains", VALUE, "Matches a result containing this text."),
                    operator("not", VALUE, "Matches any other result."),
                    operator("any_of", KeyType.listOf(VALUE, 1, null), "Matches any of these results.")),
                    "The value to match, or one of contains, not, any_of.").asRequired());

    private OnResultReader() {
    }

    /** Empty when something required is missing or invalid (each problem is reported). */
    static Optional<OnResultConfig> read(ConfigNode node, ConfigPath path, Diagnostics d, String hostType) {
        MapReader r = MapReader.of(node, path, d, KEYS);
        String filter = r.requiredString("filter");
        boolean filterOk = filter != null && checkFilter(filter, hostType, r);
        String key = r.string("key").orElse(OnResultConfig.DEFAULT_KEY);
        boolean keyOk = r.has("key") ? checkKey(key, r) : true;
        ResultMatch result = r.require("result") ? match(r.node("result").orElseThrow(), r.path("result"), d) : null;
        r.finish();
        return filterOk && keyOk && result != null
                ? Optional.of(new OnResultConfig(filter, key, result, new SourceRef(path, node.line())))
                : Optional.empty();
    }

    private static KeyType operator(String name, KeyType value, String description) {
        return KeyType.object(ObjectDescriptor.of("The " + name + " operator.", key(name, value, description)));
    }

    /**
     * Results are cleared after every filter's branches ran, so only the host's own results exist
     * when a branch is evaluated: naming another type could never fire.
     */
    private static boolean checkFilter(String filter, String hostType, MapReader r) {
        if (!Names.isName(filter)) {
            r.invalid("filter", "the filter type name of the host filter (" + Names.NAME_RULE + ")");
            return false;
        }
        if (hostType != null && !filter.equals(hostType)) {
            r.invalid("filter", '"' + hostType + "\", the type of the filter this branch is attached to; results of "
                    + "other filters are cleared before its branches run, so the branch could never fire");
            return false;
        }
        return true;
    }

    private static boolean checkKey(String key, MapReader r) {
        if (Names.isName(key) && key.length() <= ConfigLimits.MAX_RESULT_KEY_BYTES) {
            return true;
        }
        r.invalid("key", KEY_RULE);
        return false;
    }

    private static ResultMatch match(ConfigNode node, ConfigPath path, Diagnostics d) {
        return switch (node) {
            case ConfigNode.ScalarNode s -> value(s, path, d).map(v -> (ResultMatch) new ResultMatch.Exact(v))
                    .orElse(null);
            case ConfigNode.MapNode m when m.entries().size() == 1 -> operator(m.entries().getFirst(), path, d);
            default -> {
                d.invalid(path, node.line(), node.render(), RESULT_SHAPE);
                yield null;
            }
        };
    }

    private static ResultMatch operator(ConfigNode.MapNode.Entry entry, ConfigPath path, Diagnostics d) {
        ConfigPath opPath = path.key(entry.key());
        return switch (entry.key()) {
            case "contains" -> scalarValue(entry.value(), opPath, d).map(v -> (ResultMatch) new ResultMatch.Contains(v))
                    .orElse(null);
            case "not" -> scalarValue(entry.value(), opPath, d).map(v -> (ResultMatch) new ResultMatch.Not(v))
                    .orElse(null);
            case "any_of" -> anyOf(entry.value(), opPath, d);
            default -> {
                d.error(opPath, entry.keyLine(), "unknown operator (expected: contains, not or any_of)"
                        + Suggestions.hint(entry.key(), OPERATORS));
                yield null;
            }
        };
    }

    private static ResultMatch anyOf(ConfigNode node, ConfigPath path, Diagnostics d) {
        List<ConfigNode> items = Scalars.list(node, path, d).orElse(null);
        if (items == null) {
            return null;
        }
        if (items.isEmpty()) {
            d.invalid(path, node.line(), "[]", "at least one value");
            return null;
        }
        List<String> values = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            Optional<String> v = scalarValue(items.get(i), path.index(i), d);
            v.ifPresent(values::add);
            ok &= v.isPresent();
        }
        return ok ? new ResultMatch.AnyOf(values) : null;
    }

    /** Numbers and booleans count as their text, as Praxis reads them. */
    private static Optional<String> scalarValue(ConfigNode node, ConfigPath path, Diagnostics d) {
        if (node instanceof ConfigNode.ScalarNode s) {
            return value(s, path, d);
        }
        d.invalid(path, node.line(), node.render(), VALUE_RULE);
        return Optional.empty();
    }

    private static Optional<String> value(ConfigNode.ScalarNode s, ConfigPath path, Diagnostics d) {
        String text = s.text();
        if (Names.isName(text) && text.getBytes(StandardCharsets.UTF_8).length <= ConfigLimits.MAX_RESULT_VALUE_BYTES) {
            return Optional.of(text);
        }
        d.invalid(path, s.line(), s.render(), VALUE_RULE);
        return Optional.empty();
    }
}
