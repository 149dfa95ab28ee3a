package io.jpraxis.http.server.tls;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.netty.channel.ChannelHandler;
import io.netty.handler.ssl.OpenSsl;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TLS listener's current certificate material (see docs/behaviour/tls-connections.md): the
 * server contexts its {@code tls} block builds, swapped as a whole.
 *
 * <p>Usage: {@link #build} once at start (it reads every file and throws when one cannot be used);
 * {@link #newHandler()} for each accepted connection, which takes the material current at that
 * moment; {@link #reload()} whenever the files may have changed (a file watcher calls it). A reload
 * reads and checks every file again and either swaps in the new material for new handshakes or
 * throws and keeps the old one. Connections already open keep the context their handshake used.
 * The engine, versions, suites and client certificate mode are fixed for the listener's life; a
 * reload re-reads the certificates, keys, client CA and CRLs. Safe to call from any thread;
 * {@code reload} blocks on file reads, so call it off the event loops.
 */
public final class ListenerTls {
    private static final Logger log = LoggerFactory.getLogger(ListenerTls.class);
    /** The whole handshake, from accept to finished (the wait for the hello included), must take at most 60 s. */
    public static final long DEFAULT_HANDSHAKE_TIMEOUT_MS = 60_000;

    private final String listener;
    private final ListenerTlsConfig config;
    private final TlsEngine.Choice engine;
    private final ServerContexts contexts;
    private final TlsMetrics metrics;
    private final long handshakeTimeoutMs;
    private final AtomicReference<CertificateSelection> current = new AtomicReference<>();

    private ListenerTls(String listener, ListenerTlsConfig config, TlsEngine.Choice engine, ServerContexts contexts,
            TlsMetrics metrics, long handshakeTimeoutMs) {
        this.listener = listener;
        this.handshakeTimeoutMs = handshakeTimeoutMs;
        this.config = config;
        this.engine = engine;
        this.contexts = contexts;
        this.metrics = metrics;
    }

    /**
     * Reads {@code config}'s files and builds the listener's contexts.
     *
     * @param metrics where handshakes are counted
     * @throws IllegalArgumentException naming the file, suite or server name that cannot be used
     */
    public static ListenerTls build(String listener, ListenerTlsConfig config, TlsMetrics metrics) {
        return build(listener, config, metrics, DEFAULT_HANDSHAKE_TIMEOUT_MS);
    }

    /**
     * As {@link #build(String, ListenerTlsConfig, TlsMetrics)} with another handshake timeout: an
     * internal setting, not a config key (tests use a short one).
     */
    public static ListenerTls build(String listener, ListenerTlsConfig config, TlsMetrics metrics,
            long handshakeTimeoutMs) {
        return build(listener, config, TlsEngine.choose(config), metrics, handshakeTimeoutMs);
    }

    /** As {@link #build(String, ListenerTlsConfig, TlsMetrics)} on a given engine (tests pin one). */
    static ListenerTls build(String listener, ListenerTlsConfig config, TlsEngine.Choice engine, TlsMetrics metrics) {
        return build(listener, config, engine, metrics, DEFAULT_HANDSHAKE_TIMEOUT_MS);
    }

    private static ListenerTls build(String listener, ListenerTlsConfig config, TlsEngine.Choice engine,
            TlsMetrics metrics, long handshakeTimeoutMs) {
        if (handshakeTimeoutMs <= 0) {
            throw new IllegalArgumentException("handshake timeout: " + handshakeTimeoutMs + " (expected: > 0 ms)");
        }
        List<String> unsupported = new ArrayList<>();
        TlsParameters parameters = TlsParameters.of(config, engine.engine(), supportedSuites(engine.engine()),
                unsupported);
        if (!unsupported.isEmpty()) {
            log.warn("listener {}: cipher_suites {} are not supported by the {} TLS engine; offering {}", listener,
                    unsupported, engine.engine().label(), parameters.cipherSuites());
        }
        ListenerTls tls = new ListenerTls(listener, config, engine, new ServerContexts(config, engine.engine(),
                parameters), metrics, handshakeTimeoutMs);
        tls.current.set(tls.contexts.build());
        metrics.engine(listener, engine.engine());
        metrics.expiry(listener, () -> tls.current.get().earliestExpiry());
        log.info("listener {}: TLS on the {} engine ({}); offering {}", listener, engine.engine().label(),
                engine.why(), parameters.protocols());
        return tls;
    }

    /**
     * Re-reads every file of the block and swaps the new material in for new handshakes.
     *
     * @return the leaf certificates now served, in config order (the caller logs the reload)
     * @throws IllegalArgumentException naming what cannot be used; the previous material stays
     */
    public List<X509Certificate> reload() {
        CertificateSelection next = contexts.build();
        current.set(next);
        return next.leaves();
    }

    /** The leaf certificates served now, in config order. */
    public List<X509Certificate> servedCertificates() {
        return current.get().leaves();
    }

    /** The handler a new connection starts with: waits for the hello, picks a certificate by SNI, then handshakes. */
    public ChannelHandler newHandler() {
        return new SniSelection(current.get(), handshakeTimeoutMs);
    }

    /** A handler that follows {@link #newHandler()}: counts the handshake and records the peer's identity. */
    public ChannelHandler newObserver() {
        return new HandshakeObserver(listener, metrics);
    }

    public String listener() {
        return listener;
    }

    public ListenerTlsConfig config() {
        return config;
    }

    public TlsEngine engine() {
        return engine.engine();
    }

    private static Set<String> supportedSuites(TlsEngine engine) {
        return switch (engine) {
            case OPENSSL -> OpenSsl.availableJavaCipherSuites();
            case JDK -> jdkSuites();
        };
    }

    private static Set<String> jdkSuites() {
        try {
            return Set.of(SSLContext.getDefault().getSupportedSSLParameters().getCipherSuites());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no default TLS context", e);
        }
    }
}
