package io.jpraxis.filters.traffic.redirect;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.filters.support.HostPattern;
import io.jpraxis.filters.support.Hosts;
import io.jpraxis.filters.traffic.redirect.LocationTemplate.Placeholder;
import java.util.List;

/**
 * Answers with a 3xx and a Location built from a template (see
 * docs/reference/filters/redirect.md#what-it-does); no upstream.
 *
 * <p>With a {@code ${host}} template the request's host must be present, well formed and (when
 * {@code allowed_hosts} is set) allowed, else the answer is 400: a redirect must never point a
 * client at a host it forged.
 */
public final class RedirectFilter implements HttpFilter {
    private static final byte[] NO_BODY = new byte[0];
    private static final FilterAction MISSING_HOST = FilterAction.reject(400, "missing host");
    private static final FilterAction INVALID_HOST = FilterAction.reject(400, "invalid host");
    private static final FilterAction HOST_NOT_ALLOWED = FilterAction.reject(400, "host not allowed");

    private final RedirectConfig config;
    private final LocationTemplate template;
    private final List<HostPattern> allowedHosts;
    private final boolean usesHost;

    /**
     * Builds from a validated config.
     *
     * @throws IllegalArgumentException when the location or a host pattern is invalid (the factory
     *     refuses those first)
     */
    public RedirectFilter(RedirectConfig config) {
        this.config = config;
        this.template = LocationTemplate.parse(config.location(), problem -> {
            throw new IllegalArgumentException("location placeholder " + problem);
        });
        this.allowedHosts = config.allowedHosts().stream()
                .map(h -> HostPattern.parse(h).orElseThrow(() -> new IllegalArgumentException("allowed host " + h)))
                .toList();
        this.usesHost = template.uses(Placeholder.HOST);
    }

    @Override
    public String type() {
        return RedirectFactory.TYPE;
    }

    @Override
    public RedirectConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        String host = null;
        if (usesHost) {
            String authority = ctx.authority();
            if (authority == null || authority.isEmpty()) {
                return MISSING_HOST;
            }
            int hostEnd = Hosts.hostEnd(authority);
            if (!wellFormed(authority, hostEnd)) {
                return INVALID_HOST;
            }
            if (!allowed(authority, hostEnd)) {
                return HOST_NOT_ALLOWED;
            }
            host = authority.substring(0, hostEnd);
        }
        String requestHost = host;
        String location = template.expand(placeholder -> switch (placeholder) {
            case PATH -> RedirectUrlParts.safePath(ctx.forwardPath());
            case QUERY -> RedirectUrlParts.safeQuery(ctx.query());
            case HOST -> requestHost;
            case SCHEME -> RedirectUrlParts.scheme(ctx.headers().get("x-forwarded-proto"), ctx.scheme());
        });
        HeaderMap headers = new HeaderMap().add("location", location);
        return new FilterAction.Respond(new LocalResponse(config.status(), headers, NO_BODY));
    }

    /** A plain host, then nothing or {@code :port} with digits only. */
    private static boolean wellFormed(String authority, int hostEnd) {
        if (!Hosts.isPlainHost(authority.substring(0, hostEnd))) {
            return false;
        }
        return hostEnd == authority.length()
                || authority.charAt(hostEnd) == ':' && Hosts.isPortText(authority, hostEnd + 1);
    }

    private boolean allowed(String authority, int hostEnd) {
        if (allowedHosts.isEmpty()) {
            return true;
        }
        for (HostPattern pattern : allowedHosts) {
            if (pattern.covers(authority, hostEnd)) {
                return true;
            }
        }
        return false;
    }
}
