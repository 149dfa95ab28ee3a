package io.jpraxis.http.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;

/**
 * Installs the protocol the TLS handshake agreed by ALPN (see
 * docs/behaviour/tls-connections.md#alpn): {@code h2} gets the HTTP/2 handlers, {@code http/1.1}
 * or no ALPN the HTTP/1.1 codec without the h2c upgrade (a TLS client has ALPN for that).
 */
final class AlpnSwitch extends ApplicationProtocolNegotiationHandler {
    private final DownstreamInitializer initializer;

    AlpnSwitch(DownstreamInitializer initializer) {
        super(ApplicationProtocolNames.HTTP_1_1);
        this.initializer = initializer;
    }

    @Override
    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
            initializer.installHttp2(ctx.pipeline());
        } else if (ApplicationProtocolNames.HTTP_1_1.equals(protocol)) {
            initializer.installHttp1(ctx.pipeline(), false);
        } else {
            ctx.close(); // the server offers only these two, so an engine never selects another
        }
    }

    @Override
    protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // the handshake observer in front counted and logged it
    }
}
