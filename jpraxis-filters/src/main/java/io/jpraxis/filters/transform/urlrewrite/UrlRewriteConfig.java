package io.jpraxis.filters.transform.urlrewrite;

import io.jpraxis.config.model.YamlShaped;
import io.jpraxis.filters.transform.rewrite.RegexRewrite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code url_rewrite} filter's config (docs/reference/filters/url_rewrite.md): operations run
 * in order on the client's path and query.
 *
 * @param allowRewriteOverride whether an earlier rewrite in the pipeline may be overridden (read
 *     by the duplicate_rewrite_filters ordering check only)
 */
public record UrlRewriteConfig(List<Operation> operations, boolean allowRewriteOverride) implements YamlShaped {

    public UrlRewriteConfig {
        operations = List.copyOf(operations);
    }

    /** Back to the entry's keys: each operation a one-key map, in order. */
    @Override
    public Object toYaml() {
        List<Object> items = new ArrayList<>();
        for (Operation op : operations) {
            Map<String, Object> item = new LinkedHashMap<>();
            switch (op) {
                case RegexReplace r -> item.put(UrlRewriteKeys.REGEX_REPLACE, r.rewrite().toYaml());
                case StripQueryParams s -> item.put(UrlRewriteKeys.STRIP, s.names().stream().sorted().toList());
                case PreserveQueryParamsOnly p -> item.put(UrlRewriteKeys.PRESERVE, p.names().stream().sorted().toList());
                case AddQueryParams a -> item.put(UrlRewriteKeys.ADD, a.params());
            }
            items.add(item);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("operations", items);
        out.put("allow_rewrite_override", allowRewriteOverride);
        return out;
    }

    /** One entry of {@code operations}. */
    public sealed interface Operation {
    }

    /** {@code regex_replace}: every match in the path replaced. */
    public record RegexReplace(RegexRewrite rewrite) implements Operation {
    }

    /** {@code strip_query_params}: pairs with these (decoded) names dropped. */
    public record StripQueryParams(Set<String> names) implements Operation {
        public StripQueryParams {
            names = Set.copyOf(names);
        }
    }

    /** {@code preserve_query_params_only}: only pairs with these names kept (empty: none). */
    public record PreserveQueryParamsOnly(Set<String> names) implements Operation {
        public PreserveQueryParamsOnly {
            names = Set.copyOf(names);
        }
    }

    /** {@code add_query_params}: pairs appended, sorted by name (the map keeps that order). */
    public record AddQueryParams(Map<String, String> params) implements Operation {
        public AddQueryParams {
            params = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(params));
        }
    }
}
