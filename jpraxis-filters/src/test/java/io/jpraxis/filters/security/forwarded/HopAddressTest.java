package io.jpraxis.filters.security.forwarded;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HopAddressTest {
    private static String xff(String text) {
        return HopAddress.parse(text, false).map(InetAddress::getHostAddress).orElse(null);
    }

    private static String rfc7239(String text) {
        return HopAddress.parse(text, true).map(InetAddress::getHostAddress).orElse(null);
    }

    @Test
    void readsAddressesWithAndWithoutPorts() {
        assertThat(xff(" 192.0.2.7 ")).isEqualTo("192.0.2.7");
        assertThat(xff("192.0.2.7:4711")).isEqualTo("192.0.2.7");
        assertThat(xff("2001:db8::7")).isEqualTo("2001:db8:0:0:0:0:0:7");
        assertThat(xff("[2001:db8::7]")).isEqualTo("2001:db8:0:0:0:0:0:7");
        assertThat(xff("[2001:db8::7]:443")).isEqualTo("2001:db8:0:0:0:0:0:7");
        assertThat(xff("::ffff:192.0.2.7")).as("IPv4-mapped reads as IPv4").isEqualTo("192.0.2.7");
    }

    @Test
    void forwardedNodesNeedBracketsForIpv6AndMayHideThePort() {
        assertThat(rfc7239("[2001:db8::7]:_p1")).isEqualTo("2001:db8:0:0:0:0:0:7");
        assertThat(rfc7239("192.0.2.7:_p1")).isEqualTo("192.0.2.7");
        assertThat(rfc7239("2001:db8::7")).as("RFC 7239 6: IPv6 only in brackets").isNull();
        assertThat(xff("192.0.2.7:_p1")).as("no obfuscated port in X-Forwarded-For").isNull();
    }

    @Test
    void namesThatAreNotAddressesHaveNone() {
        for (String bad : new String[] {"unknown", "_hidden", "localhost", "example.com", "10.1", "10", "1.2.3.4.5",
                "256.0.0.1", "192.0.2.7:65536", "192.0.2.7:", "192.0.2.7:x", "[192.0.2.7]", "[2001:db8::7",
                "[2001:db8::7]x", "fe80::1%eth0", "", "1.2.3.4:80:80", "0x7f.0.0.1", "1".repeat(70)}) {
            assertThat(HopAddress.parse(bad, false)).as(bad).isEqualTo(Optional.empty());
            assertThat(HopAddress.parse(bad, true)).as(bad).isEqualTo(Optional.empty());
        }
    }
}
