package io.jpraxis.http.server;

import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.GatewayConfig;
import io.jpraxis.config.model.ListenerConfig;
import io.jpraxis.config.model.RuntimeConfig;
import io.jpraxis.config.model.SubRequestSettings;
import io.jpraxis.core.generation.Generation;
import io.jpraxis.core.generation.GenerationSlot;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.http.exchange.ListenerContext;
import io.jpraxis.http.tracing.EdgeTracing;
import io.jpraxis.http.metrics.EdgeMeters;
import io.jpraxis.http.health.HealthChecker;
import io.jpraxis.http.health.ProbeObserver;
import io.jpraxis.http.metrics.EdgeMetrics;
import io.jpraxis.http.metrics.FilterGauges;
import io.jpraxis.http.metrics.RequestMetrics;
import io.jpraxis.http.overload.OverloadGuard;
import io.jpraxis.http.server.tls.CertificateWatcher;
import io.jpraxis.http.server.tls.ListenerTls;
import io.jpraxis.http.server.tls.ReloadDelays;
import io.jpraxis.http.server.tls.TlsMetrics;
import io.jpraxis.http.subrequest.SubRequestAdmission;
import io.jpraxis.http.subrequest.SubRequestCircuits;
import io.jpraxis.http.subrequest.SubRequestClients;
import io.jpraxis.http.upstream.VersionedConnector;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.dns.DnsAddressResolverGroup;
import io.jpraxis.http.upstream.PrivateUpstreamGuard;
import io.netty.resolver.dns.DnsNameResolverBuilder;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP/1.1 and HTTP/2 (h2c) edge of a {@link CompiledGateway}: one server socket per
 * listener, all sharing one group of event loops, which also carry the upstream connections and
 * the active health checks.
 *
 * <p>Usage: {@code new HttpGateway(compiled, services).start()}, then {@link #port(String)} for
 * listeners bound to port 0, and {@link #stop(Duration)} or {@link #close()}; {@link #lifecycle()}
 * tells readiness probes where it is. The gateway does not
 * start or close the pipelines' filters ({@link CompiledGateway#start()}): their owner does, so a
 * reload can swap pipelines without restarting sockets ({@link #swap(Generation)}). {@code stop}
 * and {@code close} block and must not be called from an event loop.
 */
public final class HttpGateway implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HttpGateway.class);
    /**
     * Keep-alive idle (and header read) timeout when the listener sets none (60 s header read; see
     * docs/behaviour/limits.md#the-limits-table).
     */
    static final long DEFAULT_IDLE_TIMEOUT_MS = 60_000;
    /**
     * A request head must arrive whole within 60 s of its first byte (see
     * docs/behaviour/limits.md#the-limits-table).
     */
    static final long DEFAULT_HEADER_READ_TIMEOUT_MS = 60_000;
    /** Per-channel outbound buffer: above the high mark a relay pauses reading from the other side. */
    static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(64 * 1024, 256 * 1024);
    /**
     * Upstream DNS answers are cached at most 60 s (see docs/behaviour/limits.md#the-limits-table).
     */
    static final int DNS_MAX_TTL_SECONDS = 60;

    private final GenerationSlot generations;
    private final RuntimeServices services;
    private final Transport transport;
    private final MeterRegistry meters;
    private final EdgeMetrics metrics = new EdgeMetrics();
    private final RequestMetrics requestMetrics;
    private final Map<String, Channel> serverChannels = new LinkedHashMap<>();
    private final Map<String, ListenerTls> listenerTls = new LinkedHashMap<>();
    private final TlsMetrics tlsMetrics;
    private final FilterGauges filterGauges;
    private EventLoopGroup group;
    private EventLoopGroup acceptGroup;
    private AddressResolverGroup<InetSocketAddress> resolver;
    private VersionedConnector connector;
    private OverloadGuard overload;
    /** The sub-requests' own pools ({@code runtime.subrequest_pool_size}), over the same TLS contexts. */
    private VersionedConnector subRequestConnector;
    private ConnectionRegistry registry;
    private SubRequestClients subRequests;
    private HealthChecker healthChecker;
    private long headerReadTimeoutMs = DEFAULT_HEADER_READ_TIMEOUT_MS;
    private long sendTimeoutMs = ListenerContext.DEFAULT_SEND_TIMEOUT_MS;
    private EdgeTracing tracing = EdgeTracing.OFF;
    private long tlsHandshakeTimeoutMs = ListenerTls.DEFAULT_HANDSHAKE_TIMEOUT_MS;
    private ReloadDelays certificateReloadDelays = ReloadDelays.STANDARD;
    /** Reloads TLS listeners' certificates when their files change (docs/behaviour/certificate-reload.md). */
    private CertificateWatcher certificates;
    private boolean started;
    private boolean stopped;
    /** Read without the lock by readiness probes, which must see a stop at once. */
    private volatile Lifecycle lifecycle = Lifecycle.STARTING;

    public HttpGateway(CompiledGateway gateway, RuntimeServices services) {
        this(gateway, services, Transport.select());
    }

    /** With an explicit transport (tests pin NIO or epoll); metrics go to a private registry. */
    public HttpGateway(CompiledGateway gateway, RuntimeServices services, Transport transport) {
        this(gateway, services, transport, new SimpleMeterRegistry());
    }

    /** With the registry the admin listener's {@code /metrics} scrapes; serves {@code gateway} until stopped. */
    public HttpGateway(CompiledGateway gateway, RuntimeServices services, Transport transport, MeterRegistry meters) {
        // The caller owns the filters (starts and closes them), so this generation has no close hook.
        this(new GenerationSlot(new Generation(gateway, null)), services, transport, meters);
    }

    /**
     * Serves whatever generation {@code generations} holds; {@link #swap(Generation)} replaces it.
     * The listeners, runtime settings and resolver are taken from the generation serving at
     * {@link #start()} and stay for the life of this edge.
     */
    public HttpGateway(GenerationSlot generations, RuntimeServices services, Transport transport,
            MeterRegistry meters) {
        this.generations = generations;
        this.services = services;
        this.transport = transport;
        this.meters = meters;
        // Labels and route templates are read once, from the config the edge starts with.
        this.requestMetrics = new RequestMetrics(meters, generations.current().gateway().config().metrics());
        this.tlsMetrics = new TlsMetrics(meters);
        this.filterGauges = new FilterGauges(meters);
    }

    /** Overrides the header-read timeout before {@link #start()} (tests use a short one). */
    synchronized HttpGateway headerReadTimeoutMs(long timeoutMs) {
        if (started) {
            throw new IllegalStateException("gateway already started");
        }
        this.headerReadTimeoutMs = timeoutMs;
        return this;
    }

    /** Overrides the TLS listeners' handshake timeout before {@link #start()} (tests use a short one). */
    synchronized HttpGateway tlsHandshakeTimeoutMs(long timeoutMs) {
        if (started) {
            throw new IllegalStateException("gateway already started");
        }
        this.tlsHandshakeTimeoutMs = timeoutMs;
        return this;
    }

    /** Overrides the send timeout ({@link ListenerContext#sendTimeoutMs()}) before {@link #start()} (tests use a short one). */
    synchronized HttpGateway sendTimeoutMs(long timeoutMs) {
        if (started) {
            throw new IllegalStateException("gateway already started");
        }
        this.sendTimeoutMs = timeoutMs;
        return this;
    }

    /** Spans for every request (docs/behaviour/tracing.md); set before {@link #start()}. Off by default. */
    public synchronized HttpGateway tracing(EdgeTracing spans) {
        if (started) {
            throw new IllegalStateException("gateway already started");
        }
        this.tracing = spans;
        return this;
    }

    /** Overrides the certificate watcher's delays before {@link #start()} (tests use short ones). */
    synchronized HttpGateway certificateReloadDelays(ReloadDelays delays) {
        if (started) {
            throw new IllegalStateException("gateway already started");
        }
        this.certificateReloadDelays = delays;
        return this;
    }

    /** Where request and pool metrics are recorded. */
    public MeterRegistry meters() {
        return meters;
    }

    /**
     * Binds every listener; on any failure unbinds what was bound and throws.
     *
     * @throws IllegalStateException naming the listener and address that could not be served
     */
    public synchronized HttpGateway start() {
        if (started) {
            throw new IllegalStateException("gateway already started");
        }
        started = true;
        CompiledGateway gateway = generations.current().gateway();
        GatewayConfig config = gateway.config();
        RuntimeConfig runtime = config.runtime() == null ? RuntimeConfig.DEFAULT : config.runtime();
        group = transport.newEventLoopGroup(runtime.threads());
        acceptGroup = transport.newAcceptGroup();
        AddressResolverGroup<InetSocketAddress> dns = new DnsAddressResolverGroup(new DnsNameResolverBuilder()
                .datagramChannelType(transport.datagramChannelType())
                .ttl(0, DNS_MAX_TTL_SECONDS));
        resolver = config.insecureOptions().allowPrivateUpstreams() ? dns : new PrivateUpstreamGuard(dns);
        overload = OverloadGuard.start(runtime.overload(), meters);
        connector = new VersionedConnector(transport.socketChannelType(), resolver, runtime.upstreamKeepalivePoolSize(),
                WATER_MARK, overload.claiming(metrics), runtime.upstreamCaFile());
        registry = new ConnectionRegistry(runtime.maxConnections(), overload);
        subRequestConnector = connector.withPoolsOfItsOwn(runtime.subrequests().poolSize());
        subRequests = subRequestClients(runtime.subrequests());
        certificates = new CertificateWatcher(meters, certificateReloadDelays);
        VersionedConnector pools = connector;
        VersionedConnector subRequestPools = subRequestConnector;
        new EdgeMeters(metrics, () -> pools.idleConnections() + subRequestPools.idleConnections(), generations,
                gateway.listeners().stream().map(l -> l.config().name()).toList()).bindTo(meters);
        filterGauges.show(generations.current());
        try {
            connector.prepareTls(gateway.clusters().all().stream().map(ClusterState::config).toList());
            for (CompiledGateway.Listener listener : gateway.listeners()) {
                bind(listener, config);
            }
            // Probes start once the listeners are up, on the same loops, with the resolver traffic uses.
            healthChecker = healthCheckerFor(gateway.clusters());
            healthChecker.start();
        } catch (RuntimeException e) {
            stop(Duration.ZERO);
            throw e;
        }
        lifecycle = Lifecycle.SERVING;
        log.info("HTTP edge serving {} listener(s) on {} transport: {}", serverChannels.size(), transport.name(),
                boundAddresses());
        return this;
    }

    private SubRequestClients subRequestClients(SubRequestSettings settings) {
        return new SubRequestClients(subRequestConnector, metrics,
                services == null ? Clock.systemUTC() : services.clock(),
                settings.maxConnections() == null ? null : new SubRequestAdmission(settings.maxConnections()),
                settings.circuitBreaker() == null ? null : new SubRequestCircuits(settings.circuitBreaker()));
    }

    private void bind(CompiledGateway.Listener listener, GatewayConfig config) {
        ListenerConfig lc = listener.config();
        if (lc.protocol() == ListenerConfig.ListenerProtocol.TCP) {
            throw new IllegalStateException("listener " + lc.name() + ": protocol tcp (expected: http; tcp listeners are not implemented)");
        }
        ListenerContext context = new ListenerContext(lc.name(), generations, services, connector, metrics,
                requestBodyTimeoutMs(lc), requestMetrics, subRequests, sendTimeoutMs, lc.downstreamReadTimeoutMs(), tracing);
        ListenerTls tls = lc.tls() == null ? null : listenerTls(lc);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptGroup, group)
                .channel(transport.serverChannelType())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.AUTO_READ, false)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
                .childHandler(new DownstreamInitializer(context, registry, new ConnectionGate(lc.maxConnections()),
                        idleTimeoutMs(lc), headerReadTimeoutMs, tls));
        InetSocketAddress address = new InetSocketAddress(lc.address().host(), lc.address().port());
        var bound = bootstrap.bind(address).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw new IllegalStateException("listener " + lc.name() + ": cannot bind " + lc.address().render()
                    + " (" + bound.cause().getMessage() + ")", bound.cause());
        }
        serverChannels.put(lc.name(), bound.channel());
    }

    /** Reads the listener's certificates, keys and client CA and builds its contexts (before binding). */
    private ListenerTls listenerTls(ListenerConfig lc) {
        // Watched before the files are first read, so a change while they are being read is not missed.
        AtomicReference<ListenerTls> built = new AtomicReference<>();
        certificates.watch(lc.name(), lc.tls(), () -> Objects.requireNonNull(built.get(), "not built yet").reload());
        ListenerTls tls;
        try {
            tls = ListenerTls.build(lc.name(), lc.tls(), tlsMetrics, tlsHandshakeTimeoutMs);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("listener " + lc.name() + ": TLS for " + lc.address().render() + ": "
                    + e.getMessage(), e);
        }
        built.set(tls);
        listenerTls.put(lc.name(), tls);
        return tls;
    }

    /**
     * The TLS material of a listener, for reloading its certificates ({@link ListenerTls#reload()});
     * empty for a cleartext listener or before {@link #start()}.
     */
    public synchronized Optional<ListenerTls> listenerTls(String listener) {
        return Optional.ofNullable(listenerTls.get(listener));
    }

    /** Handshake counters of the TLS listeners. */
    public TlsMetrics tlsMetrics() {
        return tlsMetrics;
    }

    private HealthChecker healthCheckerFor(ClusterStates clusters) {
        return new HealthChecker(clusters.all(), group, transport.socketChannelType(), resolver, meters,
                ProbeObserver.NONE);
    }

    /**
     * Makes {@code next} the generation new requests take (a reload). Its upstream TLS contexts
     * are built first, so an unusable certificate file refuses the reload with nothing changed.
     * Then the previous generation's health probes stop (no new request consults its clusters),
     * endpoints it knew to be down stay down in unchanged clusters, the new probes start, and the
     * slot swaps. Requests already running finish on the previous generation, which closes when
     * the last of them ends.
     *
     * @throws IllegalStateException when the edge is not serving, or a TLS block cannot be used
     * @throws IllegalArgumentException when {@code next} does not serve exactly the bound listeners
     */
    public synchronized void swap(Generation next) {
        if (!started || stopped) {
            throw new IllegalStateException("the HTTP edge is not serving; cannot switch config generations");
        }
        CompiledGateway gateway = next.gateway();
        List<String> names = gateway.listeners().stream().map(l -> l.config().name()).sorted().toList();
        List<String> bound = serverChannels.keySet().stream().sorted().toList();
        if (!names.equals(bound)) {
            throw new IllegalArgumentException("listeners " + names + " (expected: the bound listeners " + bound
                    + "; adding, removing or renaming a listener needs a restart)");
        }
        List<ClusterConfig> clusters =
                gateway.clusters().all().stream().map(ClusterState::config).toList();
        connector.prepareTls(clusters);
        HealthChecker probes = healthCheckerFor(gateway.clusters());
        healthChecker.stop();
        int carried = gateway.clusters().inheritHealth(generations.current().gateway().clusters());
        if (carried > 0) {
            log.info("{} endpoint(s) known to be down stay out of rotation until probes restore them", carried);
        }
        int ramping = gateway.clusters().inheritSlowStart(generations.current().gateway().clusters());
        if (ramping > 0) {
            log.info("{} endpoint(s) added to clusters with slow_start ramp up to their weight", ramping);
        }
        probes.start();
        healthChecker = probes;
        generations.swap(next);
        filterGauges.show(next);
        connector.retainTls(clusters);
    }

    /** The slot of the generation this edge serves. */
    public GenerationSlot generations() {
        return generations;
    }

    /** {@code downstream_read_timeout_ms}, else {@link ListenerContext#DEFAULT_REQUEST_BODY_TIMEOUT_MS}. */
    static long requestBodyTimeoutMs(ListenerConfig listener) {
        Long configured = listener.downstreamReadTimeoutMs();
        return configured == null ? ListenerContext.DEFAULT_REQUEST_BODY_TIMEOUT_MS : configured;
    }

    /**
     * {@code downstream_keepalive_timeout_ms} rounded up to whole seconds (see
     * docs/behaviour/http-edge.md#connection-caps-and-keep-alive), else 60 s.
     */
    static long idleTimeoutMs(ListenerConfig listener) {
        Long configured = listener.downstreamKeepaliveTimeoutMs();
        if (configured == null || configured <= 0) {
            return DEFAULT_IDLE_TIMEOUT_MS;
        }
        return TimeUnit.SECONDS.toMillis((configured + 999) / 1000);
    }

    /** The port a listener is bound to (the real one when configured as 0). */
    public synchronized int port(String listener) {
        Channel channel = serverChannels.get(listener);
        if (channel == null) {
            throw new IllegalArgumentException("listener " + listener + " (expected one of " + serverChannels.keySet() + ")");
        }
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** Bound addresses by listener name, in config order. */
    public synchronized Map<String, InetSocketAddress> boundAddresses() {
        Map<String, InetSocketAddress> out = new LinkedHashMap<>();
        serverChannels.forEach((name, ch) -> out.put(name, (InetSocketAddress) ch.localAddress()));
        return Collections.unmodifiableMap(out);
    }

    public EdgeMetrics metrics() {
        return metrics;
    }

    public Transport transport() {
        return transport;
    }

    /** Where the gateway is in its life: {@link Lifecycle#DRAINING} from the first moment of a stop. */
    public Lifecycle lifecycle() {
        return lifecycle;
    }

    /** Open client connections (for tests and drain progress). */
    public int openConnections() {
        return registry == null ? 0 : registry.openConnections();
    }

    /**
     * Stops gracefully: stops accepting, lets in-flight exchanges finish (idle keep-alive
     * connections close at once) for up to {@code timeout}, then closes everything.
     */
    public synchronized void stop(Duration timeout) {
        if (!started || stopped) {
            return;
        }
        stopped = true;
        lifecycle = Lifecycle.DRAINING;
        if (certificates != null) {
            certificates.close();
        }
        if (healthChecker != null) {
            healthChecker.stop();
        }
        List<Channel> servers = new ArrayList<>(serverChannels.values());
        servers.forEach(ch -> ch.close().awaitUninterruptibly());
        if (registry != null) {
            registry.drain();
            long deadline = System.nanoTime() + timeout.toNanos();
            while (registry.openConnections() > 0 && System.nanoTime() < deadline && sleepBriefly()) {
                // waiting for in-flight exchanges to finish
            }
            if (registry.openConnections() > 0) {
                log.warn("{} connection(s) still busy after {}; closing them", registry.openConnections(), timeout);
            }
            registry.closeAll();
        }
        if (connector != null) {
            connector.close();
        }
        if (subRequestConnector != null) {
            subRequestConnector.close();
        }
        if (overload != null) {
            overload.close();
        }
        if (resolver != null) {
            resolver.close();
        }
        if (acceptGroup != null) {
            acceptGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        }
        if (group != null) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        }
        lifecycle = Lifecycle.STOPPED;
        log.info("HTTP edge stopped");
    }

    /** {@link #stop(Duration)} with the config's {@code shutdown_timeout_secs}. */
    @Override
    public void close() {
        int secs = generations.current().gateway().config().shutdownTimeoutSecs();
        stop(Duration.ofSeconds(secs > 0 ? secs : GatewayConfig.DEFAULT_SHUTDOWN_TIMEOUT_SECS));
    }

    /** Sleeps 10 ms; false when interrupted (the caller then stops waiting and closes at once). */
    private static boolean sleepBriefly() {
        try {
            Thread.sleep(10);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
