package io.jpraxis.filters.transform.urlrewrite;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.read.Suggestions;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.filters.transform.rewrite.RegexRewrite;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads one item of {@code url_rewrite}'s {@code operations}: a map with exactly one operation key
 * (an empty map, two keys or an unknown key is a load error, as in Praxis).
 */
final class OperationReader {
    private static final String EXPECTED = "exactly one of " + UrlRewriteKeys.REGEX_REPLACE + ", "
            + UrlRewriteKeys.STRIP + ", " + UrlRewriteKeys.PRESERVE + ", " + UrlRewriteKeys.ADD;

    private OperationReader() {
    }

    static Optional<UrlRewriteConfig.Operation> read(MapReader item) {
        List<String> known = item.keys().stream().filter(k -> UrlRewriteKeys.OPERATION.key(k).isPresent()).toList();
        if (item.node().entries().isEmpty()) {
            item.diagnostics().error(item.path(), item.line(), "an empty operation (expected: " + EXPECTED + ")");
            return Optional.empty();
        }
        if (known.size() > 1) {
            item.diagnostics().error(item.path(), item.line(), "operation with several keys " + known
                    + " (expected: " + EXPECTED + "; write each as its own list item)");
            item.skip(known.toArray(String[]::new));
            item.finish();
            return Optional.empty();
        }
        if (known.isEmpty()) {
            for (ConfigNode.MapNode.Entry e : item.node().entries()) {
                item.diagnostics().error(item.path(e.key()), e.keyLine(), "unknown operation" + Suggestions.hint(
                        e.key(), UrlRewriteKeys.OPERATION.names()) + " (expected: " + EXPECTED + ")");
            }
            return Optional.empty();
        }
        Optional<UrlRewriteConfig.Operation> op = switch (known.getFirst()) {
            case UrlRewriteKeys.REGEX_REPLACE -> RegexRewrite.read(item, UrlRewriteKeys.REGEX_REPLACE)
                    .map(UrlRewriteConfig.RegexReplace::new);
            case UrlRewriteKeys.STRIP -> names(item, UrlRewriteKeys.STRIP).map(UrlRewriteConfig.StripQueryParams::new);
            case UrlRewriteKeys.PRESERVE -> names(item, UrlRewriteKeys.PRESERVE)
                    .map(UrlRewriteConfig.PreserveQueryParamsOnly::new);
            default -> params(item).map(UrlRewriteConfig.AddQueryParams::new);
        };
        return item.finishCleanly() ? op : Optional.empty(); // an unknown key is reported by finish
    }

    private static Optional<Set<String>> names(MapReader item, String key) {
        if (item.present(key).isEmpty()) {
            item.invalid(key, "a list of query parameter names");
            return Optional.empty();
        }
        return item.strings(key).map(LinkedHashSet::new);
    }

    /** The {@code add_query_params} map; a name must not be empty, values are strings. */
    private static Optional<Map<String, String>> params(MapReader item) {
        Optional<ConfigNode> node = item.present(UrlRewriteKeys.ADD);
        if (node.isEmpty() || !(node.get() instanceof ConfigNode.MapNode map)) {
            item.invalid(UrlRewriteKeys.ADD, "a map of query parameter names to values");
            return Optional.empty();
        }
        Map<String, String> params = new LinkedHashMap<>();
        ConfigPath at = item.path(UrlRewriteKeys.ADD);
        boolean ok = true;
        for (ConfigNode.MapNode.Entry e : map.entries()) {
            if (e.key().isEmpty()) {
                item.diagnostics().error(at.key(e.key()), e.keyLine(), "an empty parameter name (expected: a name)");
                ok = false;
                continue;
            }
            Optional<String> value = Scalars.string(e.value(), at.key(e.key()), item.diagnostics());
            ok &= value.isPresent();
            value.ifPresent(v -> params.put(e.key(), v));
        }
        return ok ? Optional.of(params) : Optional.empty();
    }
}
