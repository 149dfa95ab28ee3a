package io.jpraxis.http.server;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The I/O transport: native epoll where it loads (Linux), else NIO. Channel classes must match the
 * event loops they are registered on, so they travel together.
 */
public record Transport(
        String name,
        IoHandlerFactory ioHandlerFactory,
        Class<? extends ServerChannel> serverChannelType,
        Class<? extends SocketChannel> socketChannelType,
        Class<? extends DatagramChannel> datagramChannelType) {

    /** Epoll when available, else NIO. */
    public static Transport select() {
        return Epoll.isAvailable() ? epoll() : nio();
    }

    public static Transport epoll() {
        return new Transport("epoll", EpollIoHandler.newFactory(), EpollServerSocketChannel.class,
                EpollSocketChannel.class, EpollDatagramChannel.class);
    }

    public static Transport nio() {
        return new Transport("nio", NioIoHandler.newFactory(), NioServerSocketChannel.class,
                NioSocketChannel.class, NioDatagramChannel.class);
    }

    /**
     * Event loops shared by every listener and every upstream connection.
     *
     * @param threads {@code runtime.threads}; 0 means one per available processor
     */
    public EventLoopGroup newEventLoopGroup(int threads) {
        int count = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        return new MultiThreadIoEventLoopGroup(count, new DefaultThreadFactory("jpraxis-io"), ioHandlerFactory);
    }

    /**
     * The one event loop that accepts connections for every listener. Kept apart from the I/O
     * loops so a burst of new clients is accepted while those loops are busy with requests: on a
     * shared loop the accept queue waited behind request work and overflowed under 1,000 clients.
     */
    public EventLoopGroup newAcceptGroup() {
        return new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("jpraxis-accept"), ioHandlerFactory);
    }
}
