package io.jpraxis.bench.floor;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.OpenSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.nio.file.Path;
import javax.net.ssl.SSLException;

/**
 * The floor proxy's TLS: TLS 1.3 on BoringSSL where netty-tcnative loads (else the JDK's engine),
 * the provider's own suites, session tickets on: what jpraxis's listener does, and no more.
 */
final class FloorTls {
    private FloorTls() {
    }

    static SslContext context(Path cert, Path key) throws SSLException {
        SslContext context = SslContextBuilder.forServer(cert.toFile(), key.toFile())
                .sslProvider(OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK)
                .protocols("TLSv1.3").build();
        if (context instanceof OpenSslContext openssl) {
            openssl.sessionContext().setTicketKeys(); // Netty leaves tickets off unless keys are set
        }
        return context;
    }

    static String engine(SslContext context) {
        return context instanceof OpenSslContext ? "BoringSSL " + OpenSsl.versionString() : "the JDK";
    }
}
