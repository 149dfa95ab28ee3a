package io.jpraxis.testkit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Serves one connection of a {@link TestOrigin}: digests the body as it streams in, then answers. */
final class OriginHandler extends SimpleChannelInboundHandler<HttpObject> {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TestOrigin origin;
    private HttpRequest request;
    private MessageDigest digest;
    private long bodyBytes;

    OriginHandler(TestOrigin origin) {
        this.origin = origin;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
        if (msg instanceof HttpRequest head) {
            if (head.decoderResult().isFailure()) {
                ctx.close();
                return;
            }
            origin.countRequest(head);
            if (failureFor(head) == TestOrigin.Failure.STOP_READING) {
                ctx.channel().config().setAutoRead(false);
                request = null;
                return;
            }
            request = head;
            digest = TestData.newSha256();
            bodyBytes = 0;
        }
        if (msg instanceof HttpContent content && request != null) {
            bodyBytes += content.content().readableBytes();
            origin.countReceived(content.content().readableBytes());
            digest.update(content.content().nioBuffer());
            if (content instanceof LastHttpContent) {
                HttpRequest done = request;
                request = null;
                answer(ctx, done, TestData.hex(digest));
            }
        }
    }

    private void answer(ChannelHandlerContext ctx, HttpRequest req, String sha256) {
        TestOrigin.Failure failure = failureFor(req);
        if (failure != null) {
            fail(ctx, failure);
            return;
        }
        String delay = req.headers().get(OriginCommands.DELAY_MS);
        long delayMs = delay != null ? Long.parseLong(delay) : origin.delayMs();
        long bytes = bodyBytes;
        Runnable respond = () -> respond(ctx, req, sha256, bytes);
        if (delayMs > 0) {
            ctx.executor().schedule(respond, delayMs, TimeUnit.MILLISECONDS);
        } else {
            respond.run();
        }
    }

    private TestOrigin.Failure failureFor(HttpRequest req) {
        String named = req.headers().get(OriginCommands.FAIL);
        if (named != null) {
            return TestOrigin.Failure.valueOf(named.trim().toUpperCase(Locale.ROOT));
        }
        return origin.failure();
    }

    private void fail(ChannelHandlerContext ctx, TestOrigin.Failure failure) {
        switch (failure) {
            case CLOSE_WITHOUT_RESPONSE -> ctx.close();
            case RESET -> {
                // SO_LINGER 0 turns close() into an RST (RFC 9293 3.6.1 abort).
                ctx.channel().config().setOption(ChannelOption.SO_LINGER, 0);
                ctx.close();
            }
            case CLOSE_MID_BODY -> {
                HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                head.headers().set(HttpHeaderNames.CONTENT_LENGTH, 1_000_000);
                head.headers().set(OriginCommands.ORIGIN_NAME, origin.name());
                ctx.write(head);
                byte[] part = new byte[1000];
                TestData.fill(part, 0, part.length, 0);
                ctx.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(part)))
                        .addListener(ChannelFutureListener.CLOSE);
            }
            case HANG, STOP_READING -> {
                // Say nothing; the peer's timeout is what the test is about.
            }
        }
    }

    private void respond(ChannelHandlerContext ctx, HttpRequest req, String sha256, long bytes) {
        if (!ctx.channel().isActive()) {
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(req) && !"true".equals(req.headers().get(OriginCommands.CLOSE));
        String events = req.headers().get(OriginCommands.EVENTS);
        if (events != null) {
            events(ctx, req, Integer.parseInt(events.trim()), keepAlive);
            return;
        }
        String download = req.headers().get(OriginCommands.DOWNLOAD);
        if (download != null) {
            download(ctx, req, Long.parseLong(download), keepAlive);
            return;
        }
        TestOrigin.Fixed fixed = origin.fixed();
        FullHttpResponse response = fixed != null ? fixedResponse(fixed) : echo(req, sha256, bytes);
        addCommandedHeaders(req, response);
        finish(ctx, response, keepAlive);
    }

    private FullHttpResponse fixedResponse(TestOrigin.Fixed fixed) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(fixed.status()),
                Unpooled.copiedBuffer(fixed.body(), StandardCharsets.UTF_8));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, fixed.contentType());
        fixed.headers().forEach((n, v) -> response.headers().set(n, v));
        return response;
    }

    private FullHttpResponse echo(HttpRequest req, String sha256, long bytes) {
        ObjectNode json = JSON.createObjectNode();
        json.put("origin", origin.name());
        json.put("method", req.method().name());
        json.put("uri", req.uri());
        int q = req.uri().indexOf('?');
        json.put("path", q < 0 ? req.uri() : req.uri().substring(0, q));
        if (q >= 0) {
            json.put("query", req.uri().substring(q + 1));
        }
        json.put("version", req.protocolVersion().text());
        ObjectNode headers = json.putObject("headers");
        for (Map.Entry<String, String> h : req.headers()) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            ArrayNode values = headers.has(name) ? (ArrayNode) headers.get(name) : headers.putArray(name);
            values.add(h.getValue());
        }
        json.put("body_bytes", bytes);
        json.put("body_sha256", sha256);
        String status = req.headers().get(OriginCommands.STATUS);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                status == null ? HttpResponseStatus.OK : HttpResponseStatus.valueOf(Integer.parseInt(status)),
                Unpooled.wrappedBuffer(json.toString().getBytes(StandardCharsets.UTF_8)));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
        return response;
    }

    private void addCommandedHeaders(HttpRequest req, HttpResponse response) {
        response.headers().set(OriginCommands.ORIGIN_NAME, origin.name());
        for (String line : req.headers().getAll(OriginCommands.RESPOND_HEADER)) {
            int colon = line.indexOf(':');
            response.headers().add(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
        }
    }

    private void finish(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        HttpUtil.setContentLength(response, response.content().readableBytes());
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.writeAndFlush(response);
        }
    }

    private void download(ChannelHandlerContext ctx, HttpRequest req, long length, boolean keepAlive) {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/octet-stream");
        if ("length".equals(req.headers().get(OriginCommands.FRAMING))) {
            HttpUtil.setContentLength(head, length);
        } else {
            HttpUtil.setTransferEncodingChunked(head, true);
        }
        addCommandedHeaders(req, head);
        if (!keepAlive) {
            head.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        ctx.write(head);
        // ChunkedWriteHandler pulls the next chunk only while the channel is writable: no buffering.
        var sent = ctx.writeAndFlush(new HttpChunkedInput(new PatternChunkedInput(length, origin::countSent)));
        if (!keepAlive) {
            sent.addListener(ChannelFutureListener.CLOSE);
        }
    }

    private void events(ChannelHandlerContext ctx, HttpRequest req, int count, boolean keepAlive) {
        String status = req.headers().get(OriginCommands.STATUS);
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1,
                status == null ? HttpResponseStatus.OK : HttpResponseStatus.valueOf(Integer.parseInt(status)));
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream");
        head.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
        HttpUtil.setTransferEncodingChunked(head, true);
        addCommandedHeaders(req, head);
        ctx.write(head);
        ctx.writeAndFlush(event(0));
        origin.heldEvents().thenRun(() -> ctx.executor().execute(() -> {
            for (int i = 1; i < count; i++) {
                ctx.write(event(i));
            }
            var sent = ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
            if (!keepAlive) {
                sent.addListener(ChannelFutureListener.CLOSE);
            }
        }));
    }

    /** One server-sent event (WHATWG HTML 9.2): {@code id: n}, {@code data: event n}, blank line. */
    private static HttpContent event(int n) {
        return new DefaultHttpContent(Unpooled.copiedBuffer("id: " + n + "\ndata: event " + n + "\n\n",
                StandardCharsets.UTF_8));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
