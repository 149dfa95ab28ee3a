package io.jpraxis.filters.traffic.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class ClientKeyTest {
    private static ClientKey key(String ip, int prefix) {
        return ClientKey.of(new InetSocketAddress(ip, 1), prefix);
    }

    @Test
    void ipv4AndItsMappedFormAreOneKey() {
        assertThat(key("::ffff:198.51.100.7", 128)).isEqualTo(key("198.51.100.7", 128));
        assertThat(key("::ffff:198.51.100.7", 1)).as("mapped IPv4 is never cut to the IPv6 prefix")
                .isEqualTo(key("198.51.100.7", 128));
        assertThat(key("198.51.100.7", 128)).isNotEqualTo(key("198.51.100.8", 128));
    }

    @Test
    void ipv6IsCutToThePrefix() {
        assertThat(key("2001:db8::1", 128)).isNotEqualTo(key("2001:db8::2", 128));
        assertThat(key("2001:db8::1", 127)).isEqualTo(key("2001:db8::0", 127));
        assertThat(key("2001:db8:0:0:8000::", 65)).isNotEqualTo(key("2001:db8::", 65));
        assertThat(key("2001:db8:0:0:8000::", 64)).isEqualTo(key("2001:db8::", 64));
        assertThat(key("2001:db8:ffff::", 32)).isEqualTo(key("2001:db8::", 32));
        assertThat(key("8000::", 1)).isNotEqualTo(key("7fff::", 1));
        assertThat(key("ffff::", 1)).isEqualTo(key("8000::1", 1));
    }

    @Test
    void masksCoverEveryPrefixLength() {
        for (int p = 1; p <= 128; p++) {
            int bits = Long.bitCount(ClientKey.highMask(p)) + Long.bitCount(ClientKey.lowMask(p));
            assertThat(bits).as("prefix %d keeps that many leading bits", p).isEqualTo(p);
        }
    }

    @Test
    void unresolvedAddressHasNoKey() {
        assertThat(ClientKey.of(InetSocketAddress.createUnresolved("client.invalid", 1), 128)).isNull();
        assertThat(ClientKey.of(null, 128)).isNull();
    }
}
