package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/** The client address text is remembered per thread, never handed to another address. */
class ForwardedHeadersTest {

    @Test
    void eachAddressGetsItsOwnText() throws Exception {
        InetSocketAddress first = new InetSocketAddress(InetAddress.getByName("192.0.2.1"), 1000);
        InetSocketAddress second = new InetSocketAddress(InetAddress.getByName("192.0.2.2"), 1000);
        InetSocketAddress firstAgain = new InetSocketAddress(InetAddress.getByName("192.0.2.1"), 2000);
        assertThat(ForwardedHeaders.clientIp(first)).isEqualTo("192.0.2.1");
        assertThat(ForwardedHeaders.clientIp(second)).isEqualTo("192.0.2.2");
        assertThat(ForwardedHeaders.clientIp(firstAgain)).isEqualTo("192.0.2.1");
        assertThat(ForwardedHeaders.clientIp(second)).isEqualTo("192.0.2.2");
    }

    @Test
    void anIpv6AddressKeepsItsScope() throws Exception {
        byte[] linkLocal = InetAddress.getByName("fe80::1").getAddress();
        InetSocketAddress scopeOne = new InetSocketAddress(Inet6Address.getByAddress(null, linkLocal, 1), 1);
        InetSocketAddress scopeTwo = new InetSocketAddress(Inet6Address.getByAddress(null, linkLocal, 2), 1);
        assertThat(ForwardedHeaders.clientIp(scopeOne)).endsWith("%1");
        assertThat(ForwardedHeaders.clientIp(scopeTwo)).endsWith("%2");
    }

    @Test
    void anUnresolvedAddressIsItsHostString() {
        assertThat(ForwardedHeaders.clientIp(InetSocketAddress.createUnresolved("client.example", 1)))
                .isEqualTo("client.example");
        assertThat(ForwardedHeaders.clientIp(null)).isNull();
    }
}
