package io.jpraxis.filters.transform.urlrewrite;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.transform.rewrite.TargetRewrite;

/**
 * Runs its operations in order on the client's own path and query (not on an earlier rewrite's:
 * rewrites do not compose), then stores the result as the request target, canonicalised again
 * (see docs/reference/filters/url_rewrite.md#what-it-does).
 */
public final class UrlRewriteFilter implements HttpFilter {
    private final UrlRewriteConfig config;

    public UrlRewriteFilter(UrlRewriteConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return UrlRewriteFactory.TYPE;
    }

    @Override
    public UrlRewriteConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        if (config.operations().isEmpty()) {
            return FilterAction.CONTINUE;
        }
        String path = ctx.originalRequestPath().forward();
        QueryString query = QueryString.parse(ctx.originalQuery());
        for (UrlRewriteConfig.Operation op : config.operations()) {
            switch (op) {
                case UrlRewriteConfig.RegexReplace r -> path = r.rewrite().apply(path, true);
                case UrlRewriteConfig.StripQueryParams s -> query.strip(s.names());
                case UrlRewriteConfig.PreserveQueryParamsOnly p -> query.keepOnly(p.names());
                case UrlRewriteConfig.AddQueryParams a -> query.add(a.params());
            }
        }
        return TargetRewrite.apply(ctx, UrlRewriteFactory.TYPE, path, query.render());
    }
}
