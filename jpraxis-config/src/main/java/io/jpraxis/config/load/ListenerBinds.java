package io.jpraxis.config.load;

import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.ListenerConfig;
import java.util.Arrays;
import java.util.List;

/**
 * Listener addresses that cannot all bind (see docs/behaviour/config-loading.md#listener-addresses):
 * the same address twice, or one port bound both on a wildcard and on an address it covers
 * ({@code 0.0.0.0} covers every IPv4 address, {@code [::]} every address of both families, and an
 * IPv4-mapped IPv6 address is its IPv4 form). Distinct specific addresses may share a port; port 0
 * (an ephemeral port each) never conflicts. Hostnames are compared as written: loading does no DNS.
 */
final class ListenerBinds {
    private static final byte[] MAPPED_PREFIX = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff};

    private ListenerBinds() {
    }

    /** A bind address as the kernel sees it: a family-normalised literal, a wildcard, or a hostname. */
    private record Bind(int port, byte[] ip, boolean wildcardV4, boolean wildcardV6, String hostname) {
        static Bind of(HostPort address) {
            byte[] ip = IpLiterals.looksLikeIpv4(address.host()) ? IpLiterals.ipv4(address.host())
                    : IpLiterals.ipv6(address.host());
            if (ip != null && ip.length == 16 && Arrays.equals(Arrays.copyOf(ip, 12), MAPPED_PREFIX)) {
                ip = Arrays.copyOfRange(ip, 12, 16);
            }
            boolean zero = ip != null && Arrays.equals(ip, new byte[ip.length]);
            return new Bind(address.port(), ip, zero && ip.length == 4, zero && ip.length == 16,
                    ip == null ? address.host() : null);
        }

        boolean overlaps(Bind other) {
            if (port != other.port || port == 0) {
                return false;
            }
            if (hostname != null || other.hostname != null) {
                return hostname != null && hostname.equalsIgnoreCase(String.valueOf(other.hostname));
            }
            if (Arrays.equals(ip, other.ip)) {
                return true;
            }
            return covers(other) || other.covers(this);
        }

        private boolean covers(Bind other) {
            return wildcardV6 || wildcardV4 && other.ip.length == 4;
        }
    }

    /** Reports, at the later listener's {@code address}, each one that overlaps an earlier one. */
    static void check(List<ListenerConfig> listeners, Diagnostics d) {
        for (int i = 0; i < listeners.size(); i++) {
            ListenerConfig later = listeners.get(i);
            if (later.address() == null) {
                continue;
            }
            Bind bind = Bind.of(later.address());
            for (int j = 0; j < i; j++) {
                ListenerConfig earlier = listeners.get(j);
                if (earlier.address() != null && Bind.of(earlier.address()).overlaps(bind)) {
                    d.error(later.source().path().key("address"), later.source().line(), "listener '" + later.name()
                            + "' binds " + later.address().render() + ", which overlaps listener '" + earlier.name()
                            + "' on " + earlier.address().render()
                            + " (expected: distinct ports, or distinct specific addresses)");
                    break;
                }
            }
        }
    }
}
