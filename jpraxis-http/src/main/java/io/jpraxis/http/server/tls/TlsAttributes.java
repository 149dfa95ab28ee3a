package io.jpraxis.http.server.tls;

import io.jpraxis.core.context.DownstreamTls;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;

/** What a TLS connection's handshake left on its channel; an HTTP/2 stream reads its parent's. */
public final class TlsAttributes {
    /** Set once the handshake finished; absent on cleartext connections. */
    static final AttributeKey<DownstreamTls> DOWNSTREAM_TLS = AttributeKey.valueOf("jpraxis.downstreamTls");
    /** The SNI the client sent, lower-cased; absent when it sent none. */
    static final AttributeKey<String> SERVER_NAME = AttributeKey.valueOf("jpraxis.tlsServerName");

    private TlsAttributes() {
    }

    /** The handshake's outcome for {@code connection} (a connection's channel, not a stream's); null on cleartext. */
    public static DownstreamTls downstreamTls(Channel connection) {
        return connection.hasAttr(DOWNSTREAM_TLS) ? connection.attr(DOWNSTREAM_TLS).get() : null;
    }
}
