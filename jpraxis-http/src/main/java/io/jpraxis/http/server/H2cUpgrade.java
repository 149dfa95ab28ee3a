package io.jpraxis.http.server;

import io.jpraxis.http.exchange.RequestChecks;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2ServerUpgradeCodec;
import io.netty.util.AsciiString;
import java.util.List;

/**
 * HTTP/1.1 {@code Upgrade: h2c} (RFC 7540 3.2): the request that asks is answered on stream 1
 * of the new HTTP/2 connection. Only a request the HTTP/1 edge would accept, with at most a small
 * body, upgrades; any other is served (or refused) as HTTP/1.1, which RFC 7540 3.2 allows.
 */
final class H2cUpgrade extends HttpServerUpgradeHandler {
    /** The upgrade request's body is buffered whole (Netty replays it on stream 1), so it stays small. */
    static final int MAX_UPGRADE_BODY_BYTES = 64 * 1024;

    H2cUpgrade(Http1RequestCodec source, Http2Setup http2) {
        super(source, protocol -> AsciiString.contentEquals(Http2CodecUtil.HTTP_UPGRADE_PROTOCOL_NAME, protocol)
                ? new Http2ServerUpgradeCodec(http2.newFrameCodec(), http2.afterCodec())
                : null, MAX_UPGRADE_BODY_BYTES);
    }

    /** Whether the request just decoded asked to upgrade (and qualified): then this handler stays for it. */
    private boolean upgradeAsked;

    @Override
    protected boolean shouldHandleUpgradeRequest(HttpRequest request) {
        upgradeAsked = request.decoderResult().isSuccess() && RequestChecks.check(request) == null
                && smallBody(request) && super.shouldHandleUpgradeRequest(request);
        return upgradeAsked;
    }

    /**
     * Leaves the pipeline once the connection's first request is served as HTTP/1.1: clients ask
     * to upgrade on their first request (RFC 7540 3.2; RFC 9113 dropped the mechanism), and every
     * later request would otherwise pass through this handler's checks and an extra pipeline hop.
     * An {@code Upgrade: h2c} on a later request is then ignored, which RFC 9110 7.8 allows.
     */
    @Override
    protected void decode(ChannelHandlerContext ctx, HttpObject msg, List<Object> out) throws Exception {
        if (msg instanceof HttpRequest) {
            upgradeAsked = false; // set by shouldHandleUpgradeRequest, which runs only when Upgrade is present
        }
        super.decode(ctx, msg, out);
        if (msg instanceof HttpRequest && !upgradeAsked && ctx.pipeline().context(this) != null) {
            ctx.pipeline().remove(this);
        }
    }

    /** A larger or chunked body is not buffered for an upgrade: the request is served as HTTP/1.1. */
    private static boolean smallBody(HttpRequest request) {
        return !HttpUtil.isTransferEncodingChunked(request)
                && HttpUtil.getContentLength(request, 0L) <= MAX_UPGRADE_BODY_BYTES;
    }
}
