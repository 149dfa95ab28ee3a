package io.jpraxis.http.admin;

import io.jpraxis.http.support.HttpDate;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Answers the admin requests of one connection, in order, from {@link AdminRoutes}. */
final class AdminHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger log = LoggerFactory.getLogger(AdminHandler.class);

    private final AdminRoutes routes;
    private final AdminSurface surface;
    private final boolean loopbackOnly;
    private final LongAdder errors;

    /**
     * @param loopbackOnly the socket is bound to loopback, so foreign {@code Host}s get 421
     * @param errors counts connections that failed with an exception
     */
    AdminHandler(AdminRoutes routes, AdminSurface surface, boolean loopbackOnly, LongAdder errors) {
        this.routes = routes;
        this.surface = surface;
        this.loopbackOnly = loopbackOnly;
        this.errors = errors;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (request.decoderResult().isFailure()) {
            write(ctx, request, AdminResponse.error(400, "bad request"), false);
            return;
        }
        AdminResponse response;
        if (loopbackOnly && !LoopbackHost.allowedAll(request.headers().getAll(HttpHeaderNames.HOST))) {
            response = AdminResponse.error(421, "misdirected request");
        } else {
            response = routes.answer(request.method().name(), request.uri(), surface);
        }
        write(ctx, request, response, HttpUtil.isKeepAlive(request));
    }

    private static void write(ChannelHandlerContext ctx, FullHttpRequest request, AdminResponse answer,
            boolean keepAlive) {
        byte[] body = answer.bytes();
        boolean head = request.method().equals(HttpMethod.HEAD);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(answer.status()),
                head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, answer.contentType())
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE)
                .set(HttpHeaderNames.DATE, HttpDate.format(System.currentTimeMillis()));
        if (answer.status() == 405) {
            response.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
        }
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        var written = ctx.writeAndFlush(response);
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        errors.increment();
        log.debug("admin connection {} failed", ctx.channel().remoteAddress(), cause);
        ctx.close();
    }
}
