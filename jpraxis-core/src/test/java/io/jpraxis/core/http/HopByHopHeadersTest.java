package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HopByHopHeadersTest {

    @Test
    void stripsTheFixedSetAndWhatConnectionLists() {
        HeaderMap map = new HeaderMap()
                .add("Host", "a")
                .add("Connection", "keep-alive, X-Secret ,")
                .add("Connection", "x-other")
                .add("Keep-Alive", "timeout=5")
                .add("X-Secret", "1")
                .add("x-other", "2")
                .add("TE", "trailers")
                .add("Transfer-Encoding", "chunked")
                .add("Upgrade", "h2c")
                .add("accept", "*/*");
        HopByHopHeaders.strip(map);
        assertThat(map.toString()).isEqualTo("{host: a, accept: */*}");
    }

    @Test
    void leavesOrdinaryHeadersAlone() {
        HeaderMap map = new HeaderMap().add("a", "1").add("b", "2");
        HopByHopHeaders.strip(map);
        assertThat(map.toString()).isEqualTo("{a: 1, b: 2}");
    }

    @Test
    void reservedNamespacesAreStripped() {
        HeaderMap map = new HeaderMap().add("X-Praxis-Route", "a").add("x-ext-agent-id", "b")
                .add("x-forwarded-for", "c").add("x-ext-protocol-v", "d").add("y", "e");
        ReservedHeaders.strip(map);
        assertThat(map.toString()).isEqualTo("{x-forwarded-for: c, y: e}");
    }
}
