package io.jpraxis.filters.transform.urlrewrite;

import io.jpraxis.filters.transform.rewrite.RegexRewrite;
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
public record UrlRewriteConfig(List<Operation> operations, boolean allowRewriteOverride) {

    public UrlRewriteConfig {
        operations = List.copyOf(operations);
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
