package io.jpraxis.testkit;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real HTTP/1.1 origin on a loopback port chosen by the OS, for tests of every module.
 *
 * <p>By default every request is answered with a JSON echo ({@link EchoResponse}) that names the
 * origin, so tests can tell endpoints apart; the echo includes the SHA-256 of the request body,
 * digested as it streams in. {@link OriginCommands} request headers turn one request into a
 * download, a delayed answer or a failure; {@link Builder#fixed} and {@link #failWith} change
 * every request. {@link #acceptedConnections()} counts TCP connections, for keep-alive tests.
 * {@link Builder#tls} serves HTTPS with the {@link TestTls} origin certificate.
 */
public final class TestOrigin implements AutoCloseable {

    /** Ways an origin can fail a request instead of answering it. */
    public enum Failure {
        /** Read the whole request, then close the connection without a byte of response. */
        CLOSE_WITHOUT_RESPONSE,
        /** Read the whole request, then reset the connection (RST). */
        RESET,
        /** Send a head promising 1,000,000 bytes and 1,000 of them, then close. */
        CLOSE_MID_BODY,
        /** Never answer (the connection stays open until the peer or {@link #close()} ends it). */
        HANG,
        /** Stop reading right after the request head: a request body backs up into the sender. */
        STOP_READING
    }

    /** A canned response for every request. */
    public record Fixed(int status, String contentType, String body, Map<String, String> headers) {
        public Fixed {
            headers = Map.copyOf(headers);
        }
    }

    private final String name;
    private final EventLoopGroup group;
    private final Channel serverChannel;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final Queue<Map<String, String>> heads = new ConcurrentLinkedQueue<>();
    private final Queue<String> requestLines = new ConcurrentLinkedQueue<>();
    private final AtomicLong bodyBytesReceived = new AtomicLong();
    private final AtomicLong bodyBytesSent = new AtomicLong();
    private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final Fixed fixed;
    private final boolean tls;
    private final CompletableFuture<Void> heldEvents = new CompletableFuture<>();
    private volatile Failure failure;
    private volatile long delayMs;

    private TestOrigin(Builder builder) {
        this.name = builder.name;
        this.fixed = builder.fixed;
        this.failure = builder.failure;
        this.tls = builder.tls != null;
        SslContext sslContext = builder.tls;
        this.group = new MultiThreadIoEventLoopGroup(builder.threads, NioIoHandler.newFactory());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        accepted.incrementAndGet();
                        open.incrementAndGet();
                        connections.add(ch);
                        ch.closeFuture().addListener(f -> open.decrementAndGet());
                        if (sslContext != null) {
                            ch.pipeline().addLast(sslContext.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(new HttpServerCodec(), new ChunkedWriteHandler(),
                                new OriginHandler(TestOrigin.this));
                    }
                });
        try {
            this.serverChannel = bootstrap.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), builder.port))
                    .sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw new IllegalStateException("interrupted while binding test origin " + name, e);
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** Starts an echo origin named {@code name} on an ephemeral loopback port. */
    public static TestOrigin start(String name) {
        return builder(name).start();
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * A loopback port nothing listens on (bound once, then released), for "connection refused"
     * tests. Another process could take it in between; on a test machine that is unlikely.
     */
    public static int unusedPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String name() {
        return name;
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** Whether the origin speaks HTTPS. */
    public boolean tls() {
        return tls;
    }

    /** {@code 127.0.0.1:port}, as a cluster endpoint is written. */
    public String address() {
        return host() + ":" + port();
    }

    /** TCP connections accepted since start. */
    public int acceptedConnections() {
        return accepted.get();
    }

    /** TCP connections currently open. */
    public int openConnections() {
        return open.get();
    }

    /** Requests whose head was received since start. */
    public int requestCount() {
        return requests.get();
    }

    /**
     * The header fields of every request head received, in arrival order, names lower-cased
     * (repeats joined with {@code ", "}): what a test checks of requests it cannot see echoed.
     */
    public List<Map<String, String>> requestHeads() {
        return List.copyOf(heads);
    }

    /** {@code METHOD uri} of every request head received, in arrival order. */
    public List<String> requestLines() {
        return List.copyOf(requestLines);
    }

    /** Request body bytes received, over all requests; grows while a body streams in. */
    public long bodyBytesReceived() {
        return bodyBytesReceived.get();
    }

    /** Download bytes handed to the transport, over all downloads; stalls when the reader stalls. */
    public long bodyBytesSent() {
        return bodyBytesSent.get();
    }

    /** Closes every open connection now, as an origin's own idle timer would. */
    public void closeAllConnections() {
        connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    /**
     * Lets {@link OriginCommands#EVENTS} responses send their held events: until this is called,
     * each such response has sent only its first event.
     */
    public void releaseHeldEvents() {
        heldEvents.complete(null);
    }

    CompletableFuture<Void> heldEvents() {
        return heldEvents;
    }

    /** Delays every answer by {@code millis} (a slow origin); a request's own delay header wins. */
    public void delayEveryAnswer(long millis) {
        this.delayMs = millis;
    }

    long delayMs() {
        return delayMs;
    }

    /** Fails every later request this way; null answers normally again. */
    public void failWith(Failure newFailure) {
        this.failure = newFailure;
    }

    Failure failure() {
        return failure;
    }

    Fixed fixed() {
        return fixed;
    }

    void countRequest(HttpRequest head) {
        Map<String, String> fields = new TreeMap<>();
        head.headers().forEach(h -> fields.merge(h.getKey().toLowerCase(Locale.ROOT), h.getValue(),
                (a, b) -> a + ", " + b));
        heads.add(Collections.unmodifiableMap(fields));
        requestLines.add(head.method().name() + " " + head.uri());
        requests.incrementAndGet();
    }

    void countReceived(long bytes) {
        bodyBytesReceived.addAndGet(bytes);
    }

    void countSent(long bytes) {
        bodyBytesSent.addAndGet(bytes);
    }

    /** Stops accepting, closes every connection and releases the threads; waits at most 5 s. */
    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        // Closed here rather than left to the loops' shutdown, which did not always close an open
        // keep-alive connection: a gateway's pooled connection then stayed open to an origin that
        // would never answer, and a test of a dead origin waited for the read timeout.
        connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    @Override
    public String toString() {
        return "TestOrigin[" + name + " @ " + address() + "]";
    }

    /** Options for a {@link TestOrigin}. */
    public static final class Builder {
        private final String name;
        private int port;
        private int threads = 1;
        private Fixed fixed;
        private Failure failure;
        private SslContext tls;

        private Builder(String name) {
            this.name = name;
        }

        /** A fixed port (default 0: chosen by the OS). */
        public Builder port(int fixedPort) {
            this.port = fixedPort;
            return this;
        }

        public Builder threads(int count) {
            this.threads = count;
            return this;
        }

        /** Answers every request with this body instead of the echo. */
        public Builder fixed(int status, String contentType, String body) {
            return fixed(new Fixed(status, contentType, body, Map.of()));
        }

        public Builder fixed(Fixed response) {
            this.fixed = response;
            return this;
        }

        /** Fails every request this way (see {@link TestOrigin#failWith}). */
        public Builder failing(Failure how) {
            this.failure = how;
            return this;
        }

        /** Serves HTTPS with the test origin certificate (valid for {@code localhost} and {@code 127.0.0.1}). */
        public Builder tls() {
            this.tls = TestTls.serverContext(false);
            return this;
        }

        /** HTTPS that refuses clients without a certificate signed by the test CA. */
        public Builder tlsRequiringClientCert() {
            this.tls = TestTls.serverContext(true);
            return this;
        }

        public TestOrigin start() {
            return new TestOrigin(this);
        }
    }
}
