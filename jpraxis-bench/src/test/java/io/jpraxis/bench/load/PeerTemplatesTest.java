package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PeerTemplatesTest {
    /** Surefire runs in the module's folder; the peer configs live at the checkout's root. */
    private static final Path PEERS = Path.of("..", "bench", "peers");

    private static Map<String, String> values() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("RUN", "/tmp/run");
        v.put("PORT", "18080");
        v.put("H2PORT", "18090");
        v.put("ORIGIN", "127.0.0.1:18081");
        v.put("CERT", "/tmp/run/tls/cert.pem");
        v.put("KEY", "/tmp/run/tls/key.pem");
        v.put("CERT_AND_KEY", "/tmp/run/tls/cert-and-key.pem");
        return v;
    }

    @Test
    void replacesEveryPlaceholder() {
        assertThat(PeerTemplates.render("listen 127.0.0.1:@PORT@; pid @RUN@/x.pid; @PORT@", values()))
                .isEqualTo("listen 127.0.0.1:18080; pid /tmp/run/x.pid; 18080");
    }

    @Test
    void refusesAPlaceholderWithoutValue() {
        assertThatThrownBy(() -> PeerTemplates.render("server @UPSTREAM@;", values()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("peer config: placeholder @UPSTREAM@ has no value"
                        + " (expected one of [RUN, PORT, H2PORT, ORIGIN, CERT, KEY, CERT_AND_KEY])");
    }

    @Test
    void tlsPeersArePinnedToTls13AndOneSuiteWithTheSuitesCertificate() throws IOException {
        String nginx = PeerTemplates.render(Files.readString(PEERS.resolve("tls-nginx.conf")), values());
        assertThat(nginx).contains("ssl_protocols TLSv1.3;", "Ciphersuites TLS_AES_128_GCM_SHA256;",
                "ssl_certificate /tmp/run/tls/cert.pem;", "listen 127.0.0.1:18080 ssl http2");
        String haproxy = PeerTemplates.render(Files.readString(PEERS.resolve("tls-haproxy.cfg")), values());
        assertThat(haproxy).contains("crt /tmp/run/tls/cert-and-key.pem", "alpn h2,http/1.1", "ssl-min-ver TLSv1.3",
                "ssl-max-ver TLSv1.3", "ciphersuites TLS_AES_128_GCM_SHA256");
    }

    @Test
    void everyPeerConfigRendersWithTheSuitesPlaceholders() throws IOException {
        for (String name : new String[] {"origin-nginx.conf", "proxy-nginx.conf", "proxy-haproxy.cfg",
            "tls-nginx.conf", "tls-haproxy.cfg", "ws-nginx.conf", "ws-haproxy.cfg"}) {
            String rendered = PeerTemplates.render(Files.readString(PEERS.resolve(name)), values());
            assertThat(rendered).as(name).contains("127.0.0.1:18080").doesNotContain("@");
        }
    }
}
