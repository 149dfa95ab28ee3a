package io.jpraxis.filters.security.csrf;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.support.origin.OriginMatcher;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CSRF protection by origin checking (docs/reference/filters/csrf.md): a request with a method not
 * in {@code safe_methods} must come from a trusted origin, by its {@code Origin} or, without one,
 * its {@code Referer}; a request naming no origin is refused, since browsers send one on every
 * cross-site state-changing request. With {@code insecure_options.csrf_log_only} every refusal is
 * logged at warn instead and the request continues.
 */
public final class CsrfFilter implements HttpFilter {
    private static final Logger log = LoggerFactory.getLogger(CsrfFilter.class);

    private final CsrfConfig config;
    private final boolean logOnly;
    private final RandomGenerator random;
    private final OriginMatcher trusted;
    private final Set<String> safeMethods;

    /**
     * @param logOnly {@code insecure_options.csrf_log_only}
     * @param random the sampling source for an {@code enforce_percentage} strictly between 0 and 100
     */
    public CsrfFilter(CsrfConfig config, boolean logOnly, RandomGenerator random) {
        this.config = config;
        this.logOnly = logOnly;
        this.random = random;
        this.trusted = OriginMatcher.of(config.trustedOrigins());
        this.safeMethods = Set.copyOf(config.safeMethods());
    }

    @Override
    public String type() {
        return CsrfFactory.TYPE;
    }

    @Override
    public CsrfConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        if (safeMethods.contains(ctx.method())) {
            return FilterAction.CONTINUE;
        }
        // Origin: null and Sec-Fetch-Site: cross-site are refused before sampling: a rollout
        // percentage softens the origin list, not these two signals (as Praxis orders them).
        if (RequestOrigin.isNull(ctx.headers())) {
            return violation(ctx, "null", "null origin");
        }
        if (config.enableSecFetchSite() && "cross-site".equals(ctx.headers().get("sec-fetch-site"))) {
            return violation(ctx, RequestOrigin.of(ctx.headers()), "Sec-Fetch-Site: cross-site");
        }
        if (!enforced()) {
            return FilterAction.CONTINUE;
        }
        String origin = RequestOrigin.of(ctx.headers());
        if (origin == null) {
            return violation(ctx, null, "no Origin or Referer");
        }
        return trusted.matches(origin) ? FilterAction.CONTINUE : violation(ctx, origin, "origin not trusted");
    }

    private boolean enforced() {
        int percentage = config.enforcePercentage();
        if (percentage >= 100) {
            return true;
        }
        if (percentage <= 0) {
            return false;
        }
        // The shared source is not thread-safe; this runs only while a rollout is under way.
        synchronized (random) {
            return random.nextInt(100) < percentage;
        }
    }

    private FilterAction violation(RequestContext ctx, String origin, String reason) {
        String shown = origin == null ? "(none)" : origin;
        if (logOnly) {
            log.warn("csrf violation (log-only, insecure_options.csrf_log_only): method={} path={} origin={} "
                    + "reason={}", ctx.method(), ctx.matchPath(), shown, reason);
            return FilterAction.CONTINUE;
        }
        log.debug("csrf rejected: method={} origin={} reason={}", ctx.method(), shown, reason);
        return FilterAction.reject(403, "csrf: request refused (" + reason + ")");
    }
}
