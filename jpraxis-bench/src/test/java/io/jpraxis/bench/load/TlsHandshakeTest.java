package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TlsHandshakeTest {
    /** The parts of {@code openssl s_client -alpn h2,http/1.1} output (OpenSSL 3.0) the check reads. */
    private static final String OUTPUT = """
            CONNECTED(00000003)
            depth=0 CN = 127.0.0.1
            ---
            Peer signature type: ECDSA
            Server Temp Key: X25519, 253 bits
            ---
            New, TLSv1.3, Cipher is TLS_AES_128_GCM_SHA256
            ALPN protocol: h2
            SSL-Session:
                Protocol  : TLSv1.3
                Cipher    : TLS_AES_128_GCM_SHA256
            """;

    @Test
    void readsProtocolCipherKeyExchangeAndAlpn() {
        TlsHandshake h = TlsHandshake.parse("nginx-tls", OUTPUT);
        assertThat(h).isEqualTo(new TlsHandshake("nginx-tls", "TLSv1.3", "TLS_AES_128_GCM_SHA256", "X25519, 253 bits",
                "h2"));
        assertThat(h.pinned()).isTrue();
    }

    @Test
    void theSummaryLineSufficesWhenNoSessionTicketCameBeforeExit() {
        String early = OUTPUT.substring(0, OUTPUT.indexOf("SSL-Session:"));
        assertThat(TlsHandshake.parse("haproxy-tls", early).pinned()).isTrue();
    }

    @Test
    void aServerWithoutAlpnOrWithAnotherSuiteIsNotAsPinned() {
        TlsHandshake h = TlsHandshake.parse("x", OUTPUT.replace("ALPN protocol: h2", "No ALPN negotiated")
                .replace("Cipher is TLS_AES_128_GCM_SHA256", "Cipher is TLS_AES_256_GCM_SHA384"));
        assertThat(h.alpn()).isEqualTo("none");
        assertThat(h.cipher()).isEqualTo("TLS_AES_256_GCM_SHA384");
        assertThat(h.pinned()).isFalse();
        assertThat(TlsHandshake.parse("x", OUTPUT.replace("ALPN protocol: h2", "No ALPN negotiated")).pinned())
                .as("an HTTP/1.1-only server is pinned all the same").isTrue();
        assertThat(TlsHandshake.parse("x", "").protocol()).as("nothing printed").isEqualTo("?");
    }
}
