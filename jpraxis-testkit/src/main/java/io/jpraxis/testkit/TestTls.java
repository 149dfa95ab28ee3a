package io.jpraxis.testkit;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.net.ssl.SSLException;

/**
 * The checked-in test PKI (see {@code tls/README.md} beside these classes): a test CA, an origin
 * certificate for {@code localhost} and {@code 127.0.0.1} it signed, a client certificate it
 * signed, and an unrelated CA. Config wants file paths, so {@link #file} copies a resource out of
 * the jar into a temporary directory once.
 */
public final class TestTls {
    /** The CA that signed the origin and client certificates. */
    public static final String CA = "ca.pem";
    /** A CA that signed nothing here: trusting only it makes the origin untrusted. */
    public static final String OTHER_CA = "other-ca.pem";
    public static final String SERVER_CERT = "server.pem";
    public static final String SERVER_KEY = "server.key";
    public static final String CLIENT_CERT = "client.pem";
    public static final String CLIENT_KEY = "client.key";

    private static Path dir;

    private TestTls() {
    }

    /** The path of one of the files above on disk. */
    public static synchronized String file(String name) {
        try {
            if (dir == null) {
                dir = Files.createTempDirectory("jpraxis-test-tls");
                dir.toFile().deleteOnExit();
            }
            Path target = dir.resolve(name);
            if (!Files.exists(target)) {
                try (InputStream in = open(name)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
                target.toFile().deleteOnExit();
            }
            return target.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The origin's server context; with {@code requireClientCert} only clients the test CA signed get in. */
    static SslContext serverContext(boolean requireClientCert) {
        try (InputStream cert = open(SERVER_CERT); InputStream key = open(SERVER_KEY)) {
            SslContextBuilder builder = SslContextBuilder.forServer(cert, key).sslProvider(SslProvider.JDK);
            if (requireClientCert) {
                try (InputStream ca = open(CA)) {
                    builder.trustManager(ca).clientAuth(ClientAuth.REQUIRE);
                    return builder.build();
                }
            }
            return builder.build();
        } catch (SSLException e) {
            throw new IllegalStateException("test TLS material unusable", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream open(String name) throws IOException {
        InputStream in = TestTls.class.getResourceAsStream("tls/" + name);
        if (in == null) {
            throw new IOException("missing test resource io/jpraxis/testkit/tls/" + name);
        }
        return in;
    }
}
