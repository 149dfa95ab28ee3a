package io.jpraxis.filters.security.ipacl;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.filters.support.Cidr;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * Admits or refuses a request by {@code ctx.clientAddress()} (decision 36: the address an earlier
 * {@code forwarded_headers} resolved, else the TCP peer); an unknown address and a refusal are 403.
 */
public final class IpAclFilter implements HttpFilter {
    private final IpAclConfig config;

    public IpAclFilter(IpAclConfig config) {
        this.config = config;
    }

    @Override
    public String type() {
        return IpAclFactory.TYPE;
    }

    @Override
    public IpAclConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        InetSocketAddress client = ctx.clientAddress();
        InetAddress address = client == null ? null : client.getAddress();
        if (address == null) {
            return FilterAction.reject(403, "ip_acl: client address unknown");
        }
        return admits(address) ? FilterAction.CONTINUE : FilterAction.reject(403, "ip_acl: client address refused");
    }

    /** Whether {@code address} passes: members of a non-empty allow list, or non-members of deny. */
    public boolean admits(InetAddress address) {
        if (!config.allow().isEmpty()) {
            return anyContains(config.allow(), address);
        }
        return !anyContains(config.deny(), address);
    }

    private static boolean anyContains(List<Cidr> ranges, InetAddress address) {
        for (Cidr c : ranges) {
            if (c.contains(address)) {
                return true;
            }
        }
        return false;
    }
}
