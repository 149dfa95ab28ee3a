package io.jpraxis.filters.traffic.router;

import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.config.model.RetryPolicyOverride;
import io.jpraxis.core.condition.PathMatch;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.upstream.HedgeBudget;
import io.jpraxis.filters.support.HostPattern;

/**
 * One route ready for matching: the path read in the canonical match form (a prefix without its
 * trailing slash), the host pattern parsed and the header names lower-cased, so a request is
 * matched by comparisons alone.
 */
final class CompiledRoute {
    private final RouteConfig config;
    private final boolean exact;
    private final String path;
    private final HostPattern host;
    private final String[] headerNames;
    private final String[] headerValues;
    private final int declarationIndex;
    /** The route's hedge budget, one per policy; null without a policy. */
    private final HedgeBudget hedgeBudget;

    CompiledRoute(RouteConfig config, int declarationIndex) {
        this.config = config;
        this.hedgeBudget = config.hedgePolicy() == null ? null : new HedgeBudget(config.hedgePolicy().budgetPercent());
        this.declarationIndex = declarationIndex;
        this.exact = switch (config.path()) {
            case RoutePath.Exact e -> true;
            case RoutePath.Prefix p -> false;
        };
        // Requests are matched in their canonical form (see
        // docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding), so the configured path is
        // read in it too.
        this.path = switch (config.path()) {
            case RoutePath.Exact e -> PathMatch.ruleForm(e.value());
            case RoutePath.Prefix p -> PathMatch.withoutTrailingSlash(PathMatch.ruleForm(p.value()));
        };
        this.host = config.host() == null ? null : HostPattern.parse(config.host()).orElseThrow();
        this.headerNames = new String[config.headers().size()];
        this.headerValues = new String[config.headers().size()];
        for (int i = 0; i < headerNames.length; i++) {
            headerNames[i] = HeaderMap.normalize(config.headers().get(i).name());
            headerValues[i] = config.headers().get(i).value();
        }
    }

    String cluster() {
        return config.cluster();
    }

    /** The route's own retry_policy keys, or null. */
    RetryPolicyOverride retryPolicy() {
        return config.retryPolicy();
    }

    /** The route's hedge_policy, or null. */
    HedgePolicyConfig hedgePolicy() {
        return config.hedgePolicy();
    }

    /** The budget of the route's hedge_policy, or null. */
    HedgeBudget hedgeBudget() {
        return hedgeBudget;
    }

    /** The route's path or prefix as configured: a bounded label for metrics and logs. */
    String label() {
        return config.path().value();
    }

    boolean isExact() {
        return exact;
    }

    /** The exact path, or the prefix without its trailing slash. */
    String path() {
        return path;
    }

    /** Length of the path or normalized prefix: longer is more specific. */
    int pathLength() {
        return path.length();
    }

    /** Host presence plus header count: the tie-breaker between equally long paths. */
    int constraintCount() {
        return (host == null ? 0 : 1) + headerNames.length;
    }

    int declarationIndex() {
        return declarationIndex;
    }

    /**
     * Whether the request matches.
     *
     * @param authority the Host header or {@code :authority}, or null
     * @param hostEnd where its host part ends (ignored when {@code authority} is null)
     */
    boolean matches(String requestPath, String authority, int hostEnd, HeaderMap headers, boolean multiLevel) {
        boolean pathOk = exact ? requestPath.equals(path) : PathMatch.prefixAtBoundary(requestPath, path);
        if (!pathOk) {
            return false;
        }
        if (host != null && (authority == null || !host.matches(authority, hostEnd, multiLevel))) {
            return false;
        }
        for (int i = 0; i < headerNames.length; i++) {
            if (!hasLine(headers, headerNames[i], headerValues[i])) {
                return false;
            }
        }
        return true;
    }

    /** Any line of {@code name} with exactly {@code value} (case-sensitive, as Praxis compares). */
    private static boolean hasLine(HeaderMap headers, String name, String value) {
        for (int i = 0; i < headers.size(); i++) {
            if (headers.nameAt(i).equals(name) && headers.valueAt(i).equals(value)) {
                return true;
            }
        }
        return false;
    }
}
