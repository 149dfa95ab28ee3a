package io.jpraxis.filters.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class CidrTest {
    private static InetAddress ip(String text) throws Exception {
        return InetAddress.getByName(text);
    }

    private static Cidr cidr(String text) {
        return Cidr.parse(text).orElseThrow();
    }

    @Test
    void ipv4MappedIpv6PeerMatchesAnIpv4Range() throws Exception {
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        mapped[12] = 10;
        mapped[15] = 1;
        InetAddress v6 = java.net.Inet6Address.getByAddress(null, mapped, -1);
        assertThat(cidr("10.0.0.0/8").contains(v6)).isTrue();
        assertThat(cidr("10.0.0.0/8").contains(ip("::ffff:10.0.0.1"))).isTrue();
        assertThat(cidr("::ffff:10.0.0.0/104")).isEqualTo(cidr("10.0.0.0/8"));
        assertThat(cidr("::ffff:10.0.0.1")).isEqualTo(cidr("10.0.0.1/32"));
        assertThat(Cidr.parse("::ffff:10.0.0.0/64")).isEmpty();
    }

    @Test
    void zeroSlashZeroCoversIpv6() throws Exception {
        assertThat(cidr("0.0.0.0/0").contains(ip("2001:db8::1"))).isTrue();
        assertThat(cidr("0.0.0.0/0").contains(ip("203.0.113.9"))).isTrue();
        assertThat(cidr("10.0.0.0/8").contains(ip("2001:db8::1"))).isFalse();
    }

    @Test
    void prefixesMaskPartialBytes() throws Exception {
        Cidr c = cidr("192.168.4.0/22");
        assertThat(c.contains(ip("192.168.7.255"))).isTrue();
        assertThat(c.contains(ip("192.168.8.0"))).isFalse();
        assertThat(cidr("2001:db8::/32").contains(ip("2001:db8:ffff::1"))).isTrue();
        assertThat(cidr("2001:db8::/32").contains(ip("2001:db9::1"))).isFalse();
        assertThat(cidr("10.1.2.3").contains(ip("10.1.2.3"))).isTrue();
        assertThat(cidr("10.1.2.3").contains(ip("10.1.2.4"))).isFalse();
        assertThat(cidr("10.1.2.3/8").toString()).isEqualTo("10.0.0.0/8");
    }

    @Test
    void refusesWhatIsNotALiteralRange() {
        assertThat(Cidr.parse("10.0.0.0/33")).isEmpty();
        assertThat(Cidr.parse("::/129")).isEmpty();
        assertThat(Cidr.parse("10.0.0.0/")).isEmpty();
        assertThat(Cidr.parse("10.0.0.0/-1")).isEmpty();
        assertThat(Cidr.parse("localhost")).isEmpty();
        assertThat(Cidr.parse("10")).isEmpty();
        assertThat(Cidr.parse("10.0.0.256")).isEmpty();
        assertThat(Cidr.parse("")).isEmpty();
        assertThat(Cidr.parse("abc.def.0.1")).isEmpty();
    }
}
