package io.jpraxis.http.server.tls;

import io.jpraxis.core.context.DownstreamTls;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SniCompletionEvent;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sits behind the TLS handler until the handshake ends: counts its outcome, and on success leaves
 * the connection's {@link DownstreamTls} on the channel before any request is decoded. A failed
 * handshake, or a client that leaves before it ends, is counted once; a failure closes the
 * connection here, quietly (a debug line and the counter: scanners and clients with stale trust
 * stores would otherwise fill the log).
 */
final class HandshakeObserver extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(HandshakeObserver.class);

    private final String listener;
    private final TlsMetrics metrics;
    private boolean counted;

    HandshakeObserver(String listener, TlsMetrics metrics) {
        this.listener = listener;
        this.metrics = metrics;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof SniCompletionEvent hello && !hello.isSuccess()) {
            // No hello within the handshake timeout: the SNI stage gives up before an SslHandler
            // exists, so no handshake event will follow, only the close.
            fail(ctx, hello.cause());
            return;
        }
        if (event instanceof SslHandshakeCompletionEvent done) {
            if (done.isSuccess()) {
                SslHandler ssl = ctx.pipeline().get(SslHandler.class);
                DownstreamTls tls = PeerIdentity.of(ssl.engine().getSession(),
                        ctx.channel().attr(TlsAttributes.SERVER_NAME).get(), ssl.applicationProtocol());
                ctx.channel().attr(TlsAttributes.DOWNSTREAM_TLS).set(tls);
                count(HandshakeOutcome.OK);
                ctx.pipeline().remove(this);
            } else {
                fail(ctx, done.cause());
                return;
            }
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // Before the handshake finished every error is a handshake failure: nothing after this
        // handler has a request to answer.
        fail(ctx, cause);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        // Still here, so the handshake never ended: the client left before or during its hello (a
        // port probe, a load balancer's TCP check, a client giving up), which no event reports.
        if (!counted) {
            count(HandshakeOutcome.CLOSED);
            log.debug("listener {}: {} closed before the TLS handshake finished", listener,
                    ctx.channel().remoteAddress());
        }
        ctx.fireChannelInactive();
    }

    private void fail(ChannelHandlerContext ctx, Throwable cause) {
        if (!counted) {
            HandshakeOutcome outcome = HandshakeOutcome.of(cause);
            count(outcome);
            log.debug("listener {}: TLS handshake from {} failed ({}): {}", listener, ctx.channel().remoteAddress(),
                    outcome.label(), cause == null ? "" : cause.toString());
        }
        ctx.close();
    }

    private void count(HandshakeOutcome outcome) {
        counted = true;
        metrics.handshake(listener, outcome);
    }
}
