package io.jpraxis.filters.security.forwarded;

import io.jpraxis.filters.support.Cidr;
import java.net.InetAddress;
import java.util.List;

/**
 * The {@code forwarded_headers} filter's config (docs/reference/filters/forwarded_headers.md).
 *
 * @param trustedProxies the ranges whose forwarding headers are believed; empty trusts nobody
 * @param useStandardHeader the client is read from {@code Forwarded} rather than {@code X-Forwarded-For}
 */
public record ForwardedHeadersConfig(List<Cidr> trustedProxies, boolean useStandardHeader) {

    public ForwardedHeadersConfig {
        trustedProxies = List.copyOf(trustedProxies);
    }

    /** Whether {@code address} lies in one of the trusted ranges. */
    public boolean trusts(InetAddress address) {
        for (Cidr range : trustedProxies) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }
}
