package io.jpraxis.filters.transform.pathrewrite;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.transform.rewrite.TargetRewrite;

/**
 * Rewrites the client's own path (not an earlier rewrite's: rewrites do not compose) and keeps the
 * client's query; the result, canonicalised again, is what later filters match and the upstream
 * receives (see docs/reference/filters/path_rewrite.md#what-it-does).
 */
public final class PathRewriteFilter implements HttpFilter {
    private final PathRewriteConfig config;

    public PathRewriteFilter(PathRewriteConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return PathRewriteFactory.TYPE;
    }

    @Override
    public PathRewriteConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        String path = ctx.originalRequestPath().forward();
        String rewritten = rewrite(path);
        return TargetRewrite.apply(ctx, PathRewriteFactory.TYPE, rewritten, ctx.originalQuery());
    }

    /** {@code path} after the operation; {@code path} itself when it does not apply. */
    String rewrite(String path) {
        return switch (config.operation()) {
            case PathRewriteConfig.StripPrefix s -> strip(path, s.prefix());
            case PathRewriteConfig.AddPrefix a -> a.prefix() + (path.startsWith("/") ? path : "/" + path);
            case PathRewriteConfig.Replace r -> r.rewrite().apply(path, false);
        };
    }

    /**
     * At a segment boundary only: {@code /api} strips {@code /api} (to {@code /}) and {@code
     * /api/users} (to {@code /users}), never {@code /apiary}. A prefix ending in {@code /} thus
     * never strips anything but the path equal to it, as in Praxis.
     */
    private static String strip(String path, String prefix) {
        if (path.equals(prefix)) {
            return "/";
        }
        if (path.startsWith(prefix) && path.charAt(prefix.length()) == '/') {
            return path.substring(prefix.length());
        }
        return path;
    }
}
