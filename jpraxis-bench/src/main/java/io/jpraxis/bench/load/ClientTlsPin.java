package io.jpraxis.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Pins the load tools' side of every TLS handshake to TLS 1.3 and TLS_AES_128_GCM_SHA256. wrk has
 * no option for it, so its OpenSSL reads the pin from an {@code OPENSSL_CONF} file (h2load is also
 * given {@code --tls13-ciphers}, which it would otherwise set to its own list). With the client
 * offering one suite, a server that cannot restrict its TLS 1.3 suites (jpraxis on BoringSSL)
 * negotiates the same suite as the servers that are pinned.
 */
public final class ClientTlsPin {
    /** The one suite every handshake uses. */
    public static final String SUITE = "TLS_AES_128_GCM_SHA256";
    static final String FILE = "openssl-client-tls13.cnf";
    static final String CONFIG = """
            # Written by the load suite: OpenSSL clients (wrk, s_client) offer TLS 1.3 with one suite.
            openssl_conf = openssl_init

            [openssl_init]
            ssl_conf = ssl_section

            [ssl_section]
            system_default = system_default_section

            [system_default_section]
            MinProtocol = TLSv1.3
            Ciphersuites = %s
            """.formatted(SUITE);

    private ClientTlsPin() {
    }

    /** The environment a load tool against a TLS target runs with; writes the file under {@code dir} once. */
    public static Map<String, String> environment(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) {
            Files.writeString(file, CONFIG);
        }
        return Map.of("OPENSSL_CONF", file.toString());
    }
}
