package io.jpraxis.http.server.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.SniHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * A new connection's first handler: reads the client hello, picks the context by SNI ({@link
 * CertificateSelection}) and replaces itself with the {@link SslHandler} that handshakes. The hello
 * and the handshake together get one timeout ({@link ListenerTls#DEFAULT_HANDSHAKE_TIMEOUT_MS}
 * unless the gateway was given another; see docs/behaviour/tls-connections.md#handshake).
 */
final class SniSelection extends SniHandler {
    private final long startNanos = System.nanoTime();
    private final long handshakeTimeoutMs;

    SniSelection(CertificateSelection selection, long handshakeTimeoutMs) {
        super(selection, handshakeTimeoutMs);
        this.handshakeTimeoutMs = handshakeTimeoutMs;
    }

    @Override
    protected void replaceHandler(ChannelHandlerContext ctx, String hostname, SslContext sslContext) throws Exception {
        if (hostname != null) {
            ctx.channel().attr(TlsAttributes.SERVER_NAME).set(hostname);
        }
        super.replaceHandler(ctx, hostname, sslContext);
    }

    @Override
    protected SslHandler newSslHandler(SslContext context, ByteBufAllocator allocator) {
        SslHandler handler = super.newSslHandler(context, allocator);
        SSLEngine engine = handler.engine();
        SSLParameters parameters = engine.getSSLParameters();
        parameters.setUseCipherSuitesOrder(true); // the listed order decides, not the client's
        engine.setSSLParameters(parameters);
        long left = handshakeTimeoutMs - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        handler.setHandshakeTimeoutMillis(Math.max(1, left));
        return handler;
    }
}
