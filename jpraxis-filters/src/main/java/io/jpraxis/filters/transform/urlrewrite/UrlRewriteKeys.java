package io.jpraxis.filters.transform.urlrewrite;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.transform.rewrite.RegexRewrite;

/** The keys of a {@code url_rewrite} entry. */
public final class UrlRewriteKeys {
    /** The operation names, each the one key of an {@code operations} item. */
    static final String REGEX_REPLACE = "regex_replace";
    static final String STRIP = "strip_query_params";
    static final String PRESERVE = "preserve_query_params_only";
    static final String ADD = "add_query_params";
    private static final String ONE = "exactly one operation key per item";

    /** One item of {@code operations}: a map with exactly one of the operation keys. */
    static final ObjectDescriptor OPERATION = ObjectDescriptor.of("One rewrite step; exactly one key.",
            key(REGEX_REPLACE, KeyType.object(RegexRewrite.KEYS), "Replaces every match in the path.")
                    .withRule(ONE),
            key(STRIP, KeyType.listOf(KeyType.text()), "Drops the query parameters with these names.")
                    .withRule(ONE),
            key(PRESERVE, KeyType.listOf(KeyType.text()), "Keeps only the query parameters with these names; "
                    + "an empty list drops the whole query.").withRule(ONE),
            key(ADD, new KeyType.MapOf(KeyType.text(), 0), "Appends these parameters, sorted by name, "
                    + "encoded; parameters of the same name already there stay.").withRule(ONE))
            .withExactlyOne(REGEX_REPLACE, STRIP, PRESERVE, ADD);

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Rewrites the request path with regular "
            + "expressions and edits its query; the result is canonicalised and sent upstream.",
            key("operations", KeyType.listOf(KeyType.object(OPERATION)), "Rewrite steps, applied in order to "
                    + "the client's path and query.").withDefault("[]"),
            key("allow_rewrite_override", KeyType.bool(), "Accepts that this filter overrides an earlier "
                    + "rewrite filter's result (a warning instead of a load error).").withDefault(false));

    private UrlRewriteKeys() {
    }
}
