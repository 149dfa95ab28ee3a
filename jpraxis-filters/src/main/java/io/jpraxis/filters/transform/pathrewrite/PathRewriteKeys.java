package io.jpraxis.filters.transform.pathrewrite;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.transform.rewrite.RegexRewrite;

/** The keys of a {@code path_rewrite} entry. */
public final class PathRewriteKeys {
    static final String STRIP_PREFIX = "strip_prefix";
    static final String ADD_PREFIX = "add_prefix";
    static final String REPLACE = "replace";
    private static final String PATH_TEXT = "exactly one of strip_prefix, add_prefix, replace; path characters, "
            + "no '?' or '#'";

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Rewrites the request path (prefix strip, "
            + "prefix add or regex replace); the result is canonicalised and sent upstream.",
            key(STRIP_PREFIX, new KeyType.Text(1, null), "Removes this prefix when the path equals it or "
                    + "continues with '/'.").withRule(PATH_TEXT + "; a canonical path"),
            key(ADD_PREFIX, new KeyType.Text(1, null), "Prepends this prefix (its trailing slashes trimmed).")
                    .withRule(PATH_TEXT),
            key(REPLACE, KeyType.object(RegexRewrite.KEYS), "Replaces the first match of pattern in the path.")
                    .withRule("exactly one of strip_prefix, add_prefix, replace"),
            key("allow_rewrite_override", KeyType.bool(), "Accepts that this filter overrides an earlier "
                    + "rewrite filter's result (a warning instead of a load error).").withDefault(false))
            .withExactlyOne(STRIP_PREFIX, ADD_PREFIX, REPLACE);

    private PathRewriteKeys() {
    }
}
