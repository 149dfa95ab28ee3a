package io.jpraxis.filters.transform.pathrewrite;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.CanonicalPath;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.transform.rewrite.PathPrefixes;
import io.jpraxis.filters.transform.rewrite.RegexRewrite;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Builds {@code path_rewrite} filters (see docs/reference/filters/path_rewrite.md). */
public final class PathRewriteFactory implements FilterFactory<PathRewriteConfig> {
    /** The YAML type name. */
    public static final String TYPE = "path_rewrite";
    private static final List<String> OPERATIONS = List.of(PathRewriteKeys.STRIP_PREFIX, PathRewriteKeys.ADD_PREFIX,
            PathRewriteKeys.REPLACE);

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(PathRewriteKeys.KEYS);
    }

    @Override
    public Optional<PathRewriteConfig> read(MapReader options, FilterReadContext context) {
        List<String> written = OPERATIONS.stream().filter(options::has).toList();
        boolean override = options.bool("allow_rewrite_override", false);
        Optional<PathRewriteConfig.Operation> operation = Optional.empty();
        if (written.size() != 1) {
            options.diagnostics().error(options.path(), options.line(), (written.isEmpty() ? "no operation"
                    : "several operations " + written) + " (expected: exactly one of strip_prefix, add_prefix, "
                    + "replace; use a second path_rewrite filter for a second step)");
            options.skip(written.toArray(String[]::new));
        } else {
            operation = switch (written.getFirst()) {
                case PathRewriteKeys.STRIP_PREFIX -> stripPrefix(options);
                case PathRewriteKeys.ADD_PREFIX -> PathPrefixes.read(options, PathRewriteKeys.ADD_PREFIX)
                        .map(PathRewriteConfig.AddPrefix::new);
                default -> RegexRewrite.read(options, PathRewriteKeys.REPLACE).map(PathRewriteConfig.Replace::new);
            };
        }
        if (!options.finishCleanly() || operation.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new PathRewriteConfig(operation.get(), override));
    }

    /**
     * The prefix is compared with the canonical path, so it must be canonical itself: {@code //api}
     * or {@code /%61pi} would never match and is reported with the form that would.
     */
    private static Optional<PathRewriteConfig.Operation> stripPrefix(MapReader options) {
        Optional<String> prefix = PathPrefixes.read(options, PathRewriteKeys.STRIP_PREFIX);
        if (prefix.isEmpty()) {
            return Optional.empty();
        }
        String p = prefix.get();
        if (!p.startsWith("/")) {
            options.error(PathRewriteKeys.STRIP_PREFIX, "\"" + p + "\" (expected: a path starting with '/')");
            return Optional.empty();
        }
        return switch (CanonicalPath.path(p)) {
            case RequestPath canonical when canonical.forward().equals(p) ->
                    Optional.of(new PathRewriteConfig.StripPrefix(p));
            case RequestPath canonical -> {
                options.error(PathRewriteKeys.STRIP_PREFIX, "\"" + p + "\" is not canonical, so no request path "
                        + "would start with it (expected: \"" + canonical.forward() + "\")");
                yield Optional.empty();
            }
            case CanonicalPath.Refusal refusal -> {
                options.error(PathRewriteKeys.STRIP_PREFIX, "\"" + p + "\": " + refusal.reason());
                yield Optional.empty();
            }
        };
    }

    @Override
    public FilterDeclaration declare(PathRewriteConfig config) {
        Set<FilterTrait> traits = EnumSet.of(FilterTrait.REWRITES_TARGET);
        if (config.allowRewriteOverride()) {
            traits.add(FilterTrait.OVERRIDES_REWRITE);
        }
        return FilterDeclaration.NONE.withTraits(traits);
    }

    @Override
    public HttpFilter create(PathRewriteConfig config, FilterBuildContext context) {
        return new PathRewriteFilter(config);
    }
}
