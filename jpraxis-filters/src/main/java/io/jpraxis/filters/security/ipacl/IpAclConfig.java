package io.jpraxis.filters.security.ipacl;

import io.jpraxis.filters.support.Cidr;
import java.util.List;

/** The {@code ip_acl} filter's config (docs/reference/filters/ip_acl.md); at most one list is non-empty. */
public record IpAclConfig(List<Cidr> allow, List<Cidr> deny) {

    public IpAclConfig {
        allow = List.copyOf(allow);
        deny = List.copyOf(deny);
        if (!allow.isEmpty() && !deny.isEmpty()) {
            throw new IllegalArgumentException("allow and deny are exclusive");
        }
    }
}
