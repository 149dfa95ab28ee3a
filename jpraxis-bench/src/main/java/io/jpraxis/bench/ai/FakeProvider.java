package io.jpraxis.bench.ai;

import io.jpraxis.http.server.Transport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fast fake OpenAI provider for the AI benchmark, on one event loop in the benchmark's JVM:
 * {@code POST /v1/chat/completions} answers a fixed completion with usage, or, for
 * {@code "stream":true}, a {@code text/event-stream} of one small {@code data:} event per write
 * (each flushed on its own, as a provider streams tokens; all in one flush for a request whose
 * {@code user} is {@code "burst"}), about 64 KiB unless the request's
 * {@code max_tokens} asks for fewer events, then the include_usage chunk and {@code [DONE]}. An
 * overloaded provider answers every request 503 at once (model_failover's trigger). It counts the
 * requests that carried its own key, to show which ones the gateway's credential_inject reached.
 */
public final class FakeProvider implements AutoCloseable {
    private static final Pattern MODEL = Pattern.compile("\"model\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern MAX_TOKENS = Pattern.compile("\"max_tokens\"\\s*:\\s*([0-9]+)");
    private static final Pattern STREAM = Pattern.compile("\"stream\"\\s*:\\s*true");
    /** A request from user "burst" gets its stream in one flush (many events per read at the gateway). */
    private static final Pattern BURST = Pattern.compile("\"user\"\\s*:\\s*\"burst\"");

    private final String name;
    private final boolean overloaded;
    private final String bearer;
    private final Channel server;
    private final EventLoopGroup group;
    private final Map<String, Answers> answers = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong withOwnKey = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();

    private FakeProvider(String name, boolean overloaded, String key) throws InterruptedException {
        this(name, overloaded, key, 0);
    }

    private FakeProvider(String name, boolean overloaded, String key, int port) throws InterruptedException {
        this.name = name;
        this.overloaded = overloaded;
        this.bearer = "Bearer " + key;
        Transport transport = Transport.select();
        group = new MultiThreadIoEventLoopGroup(1, transport.ioHandlerFactory());
        ChannelHandler handler = new Handler();
        server = new ServerBootstrap().group(group).channel(transport.serverChannelType())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), handler);
                    }
                })
                .bind("127.0.0.1", port).sync().channel();
    }

    /**
     * The three providers of examples/ai-gateway.yaml by hand, for profiling a gateway outside
     * bench/ai: {@code FakeProvider PORT_A PORT_B PORT_C} from the checkout's root (A overloaded).
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: FakeProvider PORT_A PORT_B PORT_C (run from the checkout's root)");
            System.exit(2);
        }
        Path secrets = Path.of("examples/secrets");
        FakeProvider a = new FakeProvider("A", true, Files.readString(secrets.resolve("provider-a.key")),
                Integer.parseInt(args[0]));
        new FakeProvider("B", false, Files.readString(secrets.resolve("provider-b.key")),
                Integer.parseInt(args[1]));
        new FakeProvider("C", false, Files.readString(secrets.resolve("provider-c.key")),
                Integer.parseInt(args[2]));
        System.out.println("fake providers on " + args[0] + " (503), " + args[1] + ", " + args[2]);
        a.server.closeFuture().sync();
    }

    /** A provider answering completions, expecting {@code key} as its bearer token. */
    static FakeProvider serving(String name, String key) throws InterruptedException {
        return new FakeProvider(name, false, key);
    }

    /** A provider answering every request 503 at once. */
    static FakeProvider overloaded(String name, String key) throws InterruptedException {
        return new FakeProvider(name, true, key);
    }

    String name() {
        return name;
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    String address() {
        return "127.0.0.1:" + port();
    }

    long requests() {
        return requests.get();
    }

    /** Connections accepted so far: a gateway that keeps its upstream connections opens few. */
    long connections() {
        return connections.get();
    }

    long requestsWithOwnKey() {
        return withOwnKey.get();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One model's answers, encoded once. */
    private record Answers(byte[] completion, byte[][] chunks, byte[] tail64KiB) {
        static Answers of(String model) {
            int n = ProviderAnswers.chunksFor64KiB(model);
            byte[][] chunks = new byte[n][];
            for (int i = 0; i < n; i++) {
                chunks[i] = ProviderAnswers.chunk(model, i);
            }
            return new Answers(ProviderAnswers.completion(model), chunks, ProviderAnswers.tail(model, n));
        }
    }

    @ChannelHandler.Sharable
    private final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            connections.incrementAndGet();
            super.channelActive(ctx);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            requests.incrementAndGet();
            if (bearer.equals(request.headers().get(HttpHeaderNames.AUTHORIZATION))) {
                withOwnKey.incrementAndGet();
            }
            if (overloaded) {
                ctx.writeAndFlush(full(HttpResponseStatus.SERVICE_UNAVAILABLE, ProviderAnswers.overloaded()));
                return;
            }
            String body = request.content().toString(StandardCharsets.UTF_8);
            Matcher found = MODEL.matcher(body);
            String model = found.find() ? found.group(1) : "unknown";
            Answers a = answers.computeIfAbsent(model, Answers::of);
            if (!STREAM.matcher(body).find()) {
                ctx.writeAndFlush(full(HttpResponseStatus.OK, a.completion()));
                return;
            }
            Matcher max = MAX_TOKENS.matcher(body);
            int n = max.find() ? Math.clamp(Long.parseLong(max.group(1)), 1, a.chunks().length) : a.chunks().length;
            HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
            head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream")
                    .set(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                    .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
            ctx.write(head);
            boolean burst = BURST.matcher(body).find();
            for (int i = 0; i < n; i++) {
                DefaultHttpContent event = new DefaultHttpContent(Unpooled.wrappedBuffer(a.chunks()[i]));
                if (burst) {
                    ctx.write(event);
                } else {
                    ctx.writeAndFlush(event);
                }
            }
            byte[] tail = n == a.chunks().length ? a.tail64KiB() : ProviderAnswers.tail(model, n);
            ctx.write(new DefaultHttpContent(Unpooled.wrappedBuffer(tail)));
            ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        }

        /** A client gone mid-answer (wrk stopping with a stream in flight) resets the connection: close it quietly. */
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }

        private FullHttpResponse full(HttpResponseStatus status, byte[] body) {
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
            r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .set(HttpHeaderNames.CONTENT_LENGTH, body.length);
            return r;
        }
    }
}
