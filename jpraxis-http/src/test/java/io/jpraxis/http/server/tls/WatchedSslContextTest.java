package io.jpraxis.http.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.config.tls.TlsFiles;
import io.jpraxis.testkit.TestPki;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watcher driving the smallest real holder over real sockets: a Netty TLS echo server whose
 * context a {@link ReloadableTls} rebuilds from the files and swaps. Shows the contract the
 * listener's material relies on: each connection takes the context current when it is accepted,
 * so a reload changes what new handshakes get and nothing of the connections already open.
 */
@Timeout(30)
class WatchedSslContextTest {
    private static final ReloadDelays FAST =
            new ReloadDelays(Duration.ofMillis(30), Duration.ofMillis(30), Duration.ofMillis(240));

    @TempDir
    Path dir;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final CertificateWatcher watcher = new CertificateWatcher(meters, FAST);

    @AfterEach
    void stop() {
        watcher.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Reads both files, checks they belong together, and swaps the context; throws leaving the old one. */
    private static ReloadableTls holder(AtomicReference<SslContext> current, Path cert, Path key) {
        return () -> {
            TlsFiles.CertifiedKey pair = TlsFiles.certifiedKey(cert, key);
            current.set(SslContextBuilder.forServer(pair.key(), pair.chain()).build());
            return List.of(pair.chain().get(0));
        };
    }

    private int echoServer(AtomicReference<SslContext> current) {
        Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(current.get().newHandler(ch.alloc()), new ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                ctx.writeAndFlush((ByteBuf) msg);
                            }
                        });
                    }
                }).bind(new InetSocketAddress("127.0.0.1", 0)).syncUninterruptibly().channel();
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    @Test
    void aSwappedContextServesNewHandshakesAndLeavesOpenConnectionsAlone() throws Exception {
        TestPki pki = TestPki.create(dir.resolve("pki"));
        TestPki.Authority ca = pki.rootCa("ca", TestPki.KeyType.EC);
        TestPki.Issued first = ca.server("first").dns("localhost").issue();
        TestPki.Issued second = ca.server("second").dns("localhost").issue();
        Path live = Files.createDirectories(dir.resolve("live"));
        Path cert = Files.copy(first.certPath(), live.resolve("tls.crt"));
        Path key = Files.copy(first.keyPath(), live.resolve("tls.key"));
        AtomicReference<SslContext> current = new AtomicReference<>();
        holder(current, cert, key).reload();
        int port = echoServer(current);
        var config = new Certificate(cert.toString(), key.toString(), List.of(), false);
        watcher.watch("edge", WatchedTlsFilesTest.tls(List.of(config), null, null), holder(current, cert, key));
        SSLContext client = trusting(ca.certificate());

        try (SSLSocket before = connect(client, port)) {
            assertThat(served(before)).isEqualTo(first.certificate());

            Files.copy(pki.unrelatedKey("stray", TestPki.KeyType.EC, TestPki.KeyFormat.PKCS8), key,
                    StandardCopyOption.REPLACE_EXISTING);
            assertThat(awaitCount("failure")).as("a key that matches nothing fails the reload").isTrue();
            try (SSLSocket during = connect(client, port)) {
                assertThat(served(during)).as("the last good certificate stays").isEqualTo(first.certificate());
            }

            Files.copy(second.keyPath(), key, StandardCopyOption.REPLACE_EXISTING);
            Files.copy(second.certPath(), cert, StandardCopyOption.REPLACE_EXISTING);
            assertThat(awaitServed(client, port, second.certificate())).as("a new handshake after the fix").isTrue();

            assertThat(echo(before, "still here")).as("the connection opened first still works")
                    .isEqualTo("still here");
            assertThat(served(before)).isEqualTo(first.certificate());
        }
    }

    private boolean awaitCount(String outcome) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            var counter = meters.find("jpraxis.tls.certificate_reloads").tag("outcome", outcome).counter();
            if (counter != null && counter.count() > 0) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }

    private static boolean awaitServed(SSLContext client, int port, X509Certificate expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            try (SSLSocket probe = connect(client, port)) {
                if (served(probe).equals(expected)) {
                    return true;
                }
            }
            Thread.sleep(20);
        }
        return false;
    }

    private static SSLSocket connect(SSLContext client, int port) throws IOException {
        SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("127.0.0.1", port);
        socket.setSoTimeout(5_000);
        socket.startHandshake();
        return socket;
    }

    private static X509Certificate served(SSLSocket socket) throws IOException {
        return (X509Certificate) socket.getSession().getPeerCertificates()[0];
    }

    private static String echo(SSLSocket socket, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
        return new String(socket.getInputStream().readNBytes(bytes.length), StandardCharsets.UTF_8);
    }

    private static SSLContext trusting(X509Certificate root) throws GeneralSecurityException, IOException {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", root);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }
}
