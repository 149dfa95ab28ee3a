package io.jpraxis.filters.traffic.redirect;

import java.util.List;

/**
 * The {@code redirect} filter's config (see docs/reference/filters/redirect.md#what-it-does).
 *
 * @param location the Location template as configured
 * @param status 301, 302, 307 or 308
 * @param allowedHosts host patterns a {@code ${host}} expansion must match; empty allows any valid host
 */
public record RedirectConfig(String location, int status, List<String> allowedHosts) {

    public RedirectConfig {
        allowedHosts = List.copyOf(allowedHosts);
    }
}
