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
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringDatagramChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.Locale;

/**
 * The I/O transport: io_uring where the kernel allows it, else native epoll (Linux), else NIO.
 * Channel classes must match the event loops they are registered on, so they travel together.
 *
 * <p>io_uring is first because it cut the proxy's CPU per small request by a fifth to a half on the
 * machines this is measured on (bench/results): a keep-alive exchange costs four socket calls and
 * two waits under epoll, each a kernel entry, where io_uring submits and reaps them in batches. It
 * holds a posted receive buffer per busy connection, so its buffer pool grows larger under many
 * concurrent connections than epoll's. The system property
 * {@value #PROPERTY} pins one transport ({@code io_uring}, {@code epoll}, {@code nio}); a pinned
 * transport that cannot load stops the start with the reason instead of falling back silently.
 *
 * <p>On io_uring, Netty's multishot poll is turned off (unless {@value #MULTISHOT_POLL} is set):
 * with it, a connection read only on demand (every connection here: reads follow the other side's
 * pace) could miss its peer's reset or close. The poll reports the reset once; when that report
 * comes while no read is asked for, the next read takes the bytes that came before it and then
 * waits for a report that never comes again, so the connection stayed open until a timeout (a
 * WebSocket tunnel whose origin reset right after its 101 kept the client waiting). A one-shot
 * poll is armed anew for each wait and sees the reset at once (see docs/operating.md#transports).
 */
public record Transport(
        String name,
        IoHandlerFactory ioHandlerFactory,
        Class<? extends ServerChannel> serverChannelType,
        Class<? extends SocketChannel> socketChannelType,
        Class<? extends DatagramChannel> datagramChannelType) {

    /** The system property that pins a transport; absent or {@code auto}: the best that loads. */
    public static final String PROPERTY = "jpraxis.transport";

    /** Netty's switch for io_uring's multishot poll, read once when its io_uring classes load. */
    static final String MULTISHOT_POLL = "io.netty.iouring.pollAddMultishotEnabled";

    static {
        // Before anything touches io_uring: Netty reads the switch once, when its classes load.
        if (System.getProperty(MULTISHOT_POLL) == null) {
            System.setProperty(MULTISHOT_POLL, "false");
        }
    }

    /** The transport {@value #PROPERTY} asks for, or the best one this machine can load. */
    public static Transport select() {
        return select(System.getProperty(PROPERTY, "auto"));
    }

    /**
     * @param choice {@code auto}, {@code io_uring}, {@code epoll} or {@code nio}
     * @throws IllegalArgumentException for any other value
     * @throws IllegalStateException when the chosen native transport does not load here
     */
    public static Transport select(String choice) {
        return switch (choice.trim().toLowerCase(Locale.ROOT)) {
            case "auto" -> IoUring.isAvailable() ? ioUring() : Epoll.isAvailable() ? epoll() : nio();
            case "io_uring" -> {
                requireLoaded("io_uring", IoUring.isAvailable(), IoUring.unavailabilityCause());
                yield ioUring();
            }
            case "epoll" -> {
                requireLoaded("epoll", Epoll.isAvailable(), Epoll.unavailabilityCause());
                yield epoll();
            }
            case "nio" -> nio();
            default -> throw new IllegalArgumentException(PROPERTY + ": unknown transport '" + choice
                    + "'; expected one of auto, io_uring, epoll, nio");
        };
    }

    /** Refuses a pinned transport that did not load, with the reason the native library gave. */
    static void requireLoaded(String name, boolean available, Throwable cause) {
        if (!available) {
            throw new IllegalStateException(PROPERTY + "=" + name + " was asked for but does not load here: "
                    + (cause == null ? "unknown reason" : cause.getMessage()), cause);
        }
    }

    public static Transport ioUring() {
        return new Transport("io_uring", IoUringIoHandler.newFactory(), IoUringServerSocketChannel.class,
                IoUringSocketChannel.class, IoUringDatagramChannel.class);
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
