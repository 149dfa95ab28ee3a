package io.jpraxis.filters.security.ipacl;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.filters.support.Cidr;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class IpAclFilterTest {
    private static RequestContext from(InetSocketAddress peer) {
        return new RequestContext("main", "GET", RequestPath.of("/"), null, "http", peer, new HeaderMap(), "req-1",
                Instant.parse("2025-01-01T00:00:00Z"));
    }

    private static FilterAction run(IpAclFilter filter, String ip) {
        return filter.onRequest(from(new InetSocketAddress(ip, 40000)));
    }

    private static IpAclFilter acl(List<String> allow, List<String> deny) {
        return new IpAclFilter(new IpAclConfig(allow.stream().map(s -> Cidr.parse(s).orElseThrow()).toList(),
                deny.stream().map(s -> Cidr.parse(s).orElseThrow()).toList()));
    }

    @Test
    void allowAdmitsOnlyMembersAndRefusesOthersWith403() {
        IpAclFilter filter = acl(List.of("10.0.0.0/8"), List.of());
        assertThat(run(filter, "10.2.3.4")).isEqualTo(FilterAction.CONTINUE);
        assertThat(run(filter, "::ffff:10.0.0.1")).isEqualTo(FilterAction.CONTINUE);
        assertThat(run(filter, "11.0.0.1")).isInstanceOfSatisfying(FilterAction.Reject.class,
                r -> assertThat(r.status()).isEqualTo(403));
    }

    @Test
    void denyRefusesMembersOnlyAndZeroSlashZeroCoversIpv6() {
        assertThat(run(acl(List.of(), List.of("192.0.2.0/24")), "192.0.2.7")).isInstanceOf(FilterAction.Reject.class);
        assertThat(run(acl(List.of(), List.of("192.0.2.0/24")), "2001:db8::1")).isEqualTo(FilterAction.CONTINUE);
        assertThat(run(acl(List.of(), List.of("0.0.0.0/0")), "2001:db8::1")).isInstanceOf(FilterAction.Reject.class);
        assertThat(run(acl(List.of(), List.of()), "2001:db8::1")).isEqualTo(FilterAction.CONTINUE);
    }

    @Test
    void unknownAddressIsRefused() {
        IpAclFilter open = acl(List.of(), List.of());
        assertThat(open.onRequest(from(null))).isInstanceOfSatisfying(FilterAction.Reject.class,
                r -> assertThat(r.status()).isEqualTo(403));
        assertThat(open.onRequest(from(InetSocketAddress.createUnresolved("client.invalid", 1))))
                .isInstanceOf(FilterAction.Reject.class);
    }

    @Test
    void readsTheResolvedClientAddressNotThePeer() throws Exception {
        IpAclFilter filter = acl(List.of(), List.of("203.0.113.0/24"));
        RequestContext ctx = from(new InetSocketAddress("10.0.0.5", 40000));
        ctx.resolveClientAddress(InetAddress.getByName("203.0.113.9"));
        assertThat(filter.onRequest(ctx)).isInstanceOf(FilterAction.Reject.class);
    }
}
