package io.jpraxis.http.server;

import io.netty.channel.Channel;
import io.netty.channel.socket.DuplexChannel;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose client is still sending a request body we will not read (after a 413
 * or an early error): closing with unread input would make the kernel send RST, which can destroy
 * the response before the client reads it (RFC 9112 9.6). Instead the output side is shut after the
 * response, input is read and discarded for a short while, then the connection closes.
 */
final class LingeringClose {
    static final long LINGER_MS = 2_000;

    private LingeringClose() {
    }

    /** Call once the response was flushed; the channel's handler must discard what it reads from now on. */
    static void start(Channel channel) {
        if (!channel.isActive()) {
            return;
        }
        if (channel instanceof DuplexChannel duplex) {
            duplex.shutdownOutput();
        }
        channel.config().setAutoRead(true);
        channel.eventLoop().schedule(() -> {
            channel.close();
        }, LINGER_MS, TimeUnit.MILLISECONDS);
    }
}
