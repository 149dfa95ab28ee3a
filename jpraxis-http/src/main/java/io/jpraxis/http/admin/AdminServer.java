package io.jpraxis.http.admin;

import io.jpraxis.config.model.AdminConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.http.server.Transport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.EnumMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin listener: {@code admin.address} serves every admin path, {@code admin.metrics_address}
 * (when set) the scrape and probe paths. It runs on one event loop of its own, so it answers
 * probes while the traffic loops are saturated and outlives them during a drain.
 *
 * <p>Usage: {@code new AdminServer(config, routes, transport).start()}, {@link #port(AdminSurface)}
 * for port-0 binds, {@link #close()} last of all at shutdown.
 */
public final class AdminServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AdminServer.class);
    /** Admin requests carry no body; anything larger is refused by the aggregator. */
    private static final int MAX_REQUEST_BYTES = 8 * 1024;
    /** A connection that sends nothing for this long is closed. */
    private static final int READ_TIMEOUT_SECONDS = 30;

    private final AdminConfig config;
    private final AdminRoutes routes;
    private final Transport transport;
    private final Map<AdminSurface, Channel> channels = new EnumMap<>(AdminSurface.class);
    private final LongAdder connectionErrors = new LongAdder();
    private EventLoopGroup group;

    public AdminServer(AdminConfig config, AdminRoutes routes, Transport transport) {
        this.config = config;
        this.routes = routes;
        this.transport = transport;
    }

    /** Whether the config asks for an admin listener at all. */
    public static boolean enabled(AdminConfig config) {
        return config.address() != null || config.metricsAddress() != null;
    }

    /**
     * Binds the configured addresses; on failure unbinds what was bound and throws.
     *
     * @throws IllegalStateException naming the admin key and address that could not be bound
     */
    public synchronized AdminServer start() {
        if (group != null) {
            throw new IllegalStateException("admin listener already started");
        }
        group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("jpraxis-admin"),
                transport.ioHandlerFactory());
        try {
            if (config.address() != null) {
                bind(AdminSurface.ADMIN, "admin.address", config.address());
            }
            if (config.metricsAddress() != null) {
                bind(AdminSurface.METRICS, "admin.metrics_address", config.metricsAddress());
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        log.info("admin listener serving on {}", channels.values().stream().map(Channel::localAddress).toList());
        return this;
    }

    private void bind(AdminSurface surface, String key, HostPort address) {
        boolean loopbackOnly = isLoopback(address.host());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(transport.serverChannelType())
                .option(ChannelOption.SO_REUSEADDR, true)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new ReadTimeoutHandler(READ_TIMEOUT_SECONDS),
                                new HttpServerCodec(), new HttpObjectAggregator(MAX_REQUEST_BYTES),
                                new AdminHandler(routes, surface, loopbackOnly, connectionErrors));
                    }
                });
        var bound = bootstrap.bind(new InetSocketAddress(address.host(), address.port())).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw new IllegalStateException(key + ": cannot bind " + address.render() + " ("
                    + bound.cause().getMessage() + ")", bound.cause());
        }
        channels.put(surface, bound.channel());
    }

    /** A loopback bind gets the Host guard; a public one (allow_public_admin) was chosen on purpose. */
    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            // Startup, not the event loop: the name is resolved again by bind, which reports it.
            return false;
        }
    }

    /** The bound port of a surface (the real one for port 0), if that surface is served. */
    public synchronized OptionalInt port(AdminSurface surface) {
        Channel ch = channels.get(surface);
        return ch == null ? OptionalInt.empty() : OptionalInt.of(((InetSocketAddress) ch.localAddress()).getPort());
    }

    /** Connections that failed with an exception (each is logged at debug). */
    public long connectionErrors() {
        return connectionErrors.sum();
    }

    /** Unbinds and stops the admin event loop; blocks, so never call it from an event loop. */
    @Override
    public synchronized void close() {
        channels.values().forEach(ch -> ch.close().awaitUninterruptibly());
        channels.clear();
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }
}
