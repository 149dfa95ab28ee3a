package io.jpraxis.filters.transform.pathrewrite;

import io.jpraxis.config.model.YamlShaped;
import io.jpraxis.filters.transform.rewrite.RegexRewrite;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code path_rewrite} filter's config (docs/reference/filters/path_rewrite.md): exactly one
 * operation on the client's path.
 *
 * @param allowRewriteOverride whether an earlier rewrite in the pipeline may be overridden (read
 *     by the duplicate_rewrite_filters ordering check only)
 */
public record PathRewriteConfig(Operation operation, boolean allowRewriteOverride) implements YamlShaped {

    /** Back to the entry's keys: the one operation key, then the override flag. */
    @Override
    public Object toYaml() {
        Map<String, Object> out = new LinkedHashMap<>();
        switch (operation) {
            case StripPrefix s -> out.put(PathRewriteKeys.STRIP_PREFIX, s.prefix());
            case AddPrefix a -> out.put(PathRewriteKeys.ADD_PREFIX, a.prefix().isEmpty() ? "/" : a.prefix());
            case Replace r -> out.put(PathRewriteKeys.REPLACE, r.rewrite().toYaml());
        }
        out.put("allow_rewrite_override", allowRewriteOverride);
        return out;
    }

    /** What the filter does to the path. */
    public sealed interface Operation {
    }

    /** {@code strip_prefix}: removed at a segment boundary only; a path equal to it becomes {@code /}. */
    public record StripPrefix(String prefix) implements Operation {
    }

    /** {@code add_prefix}: prepended, its trailing slashes trimmed first. */
    public record AddPrefix(String prefix) implements Operation {
        public AddPrefix {
            prefix = trimTrailingSlashes(prefix);
        }

        private static String trimTrailingSlashes(String p) {
            int end = p.length();
            while (end > 0 && p.charAt(end - 1) == '/') {
                end--;
            }
            return p.substring(0, end);
        }
    }

    /** {@code replace}: the first match of the pattern replaced. */
    public record Replace(RegexRewrite rewrite) implements Operation {
    }
}
