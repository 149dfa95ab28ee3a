package io.jpraxis.server.boot;

import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.core.generation.Generation;
import io.jpraxis.core.generation.GenerationSlot;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.store.SharedStores;
import io.jpraxis.http.admin.AdminServer;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.http.metrics.FilterDurations;
import io.jpraxis.http.server.HttpGateway;
import io.jpraxis.http.server.Transport;
import io.jpraxis.server.telemetry.OtlpTracing;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A compiled gateway that is serving: its filters started, the HTTP edge bound and, when
 * configured, the admin listener. {@link #reload} switches to a newly compiled config without
 * touching sockets; {@link #shutdown(Duration)} takes everything down in the order a graceful
 * stop needs. {@code serve} runs one; tests start one from YAML.
 *
 * <p>Every config generation is owned here: its filters start before it serves and close once
 * it is replaced and its last request has ended, on a thread of their own (never an event loop).
 */
public final class ServingGateway {
    private static final Logger log = LoggerFactory.getLogger(ServingGateway.class);

    private final GenerationSlot generations;
    private final HttpGateway http;
    private final AdminServer admin;
    private final PrometheusMeterRegistry meters;
    private final ExecutorService closer;
    private final OtlpTracing tracing;

    private ServingGateway(GenerationSlot generations, HttpGateway http, AdminServer admin,
            PrometheusMeterRegistry meters, ExecutorService closer, OtlpTracing tracing) {
        this.tracing = tracing;
        this.generations = generations;
        this.http = http;
        this.admin = admin;
        this.meters = meters;
        this.closer = closer;
    }

    /** {@link #start(CompiledGateway, ConfigRevision, RuntimeServices, FilterRegistry)} without a known revision. */
    public static ServingGateway start(CompiledGateway gateway, RuntimeServices services, FilterRegistry registry) {
        return start(gateway, null, services, registry);
    }

    private static SharedStores stores(RuntimeServices services) {
        return services == null ? SharedStores.UNAVAILABLE : services.stores();
    }

    /**
     * Starts the filters, then the edge, then the admin listener; on failure stops what started.
     *
     * @param revision the file content {@code gateway} was compiled from ({@code /config} shows it);
     *     null when not known
     * @param registry the filter types the gateway was built with (for {@code /config} redaction)
     * @throws RuntimeException naming what could not start (a listener or admin bind)
     */
    public static ServingGateway start(CompiledGateway gateway, ConfigRevision revision, RuntimeServices services,
            FilterRegistry registry) {
        return start(gateway, revision, services, registry, null);
    }

    /**
     * As {@link #start(CompiledGateway, ConfigRevision, RuntimeServices, FilterRegistry)}, with
     * {@code filterDurations} (the builder's; null for none) recording into this gateway's registry.
     */
    public static ServingGateway start(CompiledGateway gateway, ConfigRevision revision, RuntimeServices services,
            FilterRegistry registry, FilterDurations filterDurations) {
        // First: a transport pinned by a system property that cannot load stops the start before anything runs.
        Transport transport = Transport.select();
        PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        LoggingDefaults.registerMetrics(meters);
        StoreMeters.register(meters, stores(services));
        if (filterDurations != null) {
            filterDurations.bindTo(meters);
        }
        ExecutorService closer = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon()
                .name("jpraxis-config-retire").factory());
        GenerationSlot generations = new GenerationSlot(owned(gateway, revision), closer);
        HttpGateway http = new HttpGateway(generations, services, transport, meters);
        OtlpTracing tracing = OtlpTracing.OFF;
        try {
            tracing = OtlpTracing.start(gateway.config().telemetry(), System.getenv()); // read once: a change needs a restart
            http.tracing(tracing.edge());
            gateway.start();
            http.start();
            AdminServer admin = null;
            if (AdminServer.enabled(gateway.config().admin())) {
                admin = new AdminServer(gateway.config().admin(),
                        AdminWiring.routes(generations, http, meters, registry, stores(services)),
                        http.transport()).start();
            }
            return new ServingGateway(generations, http, admin, meters, closer, tracing);
        } catch (RuntimeException e) {
            http.stop(Duration.ZERO);
            tracing.close();
            generations.shutdown();
            closer.shutdown();
            meters.close();
            throw e;
        }
    }

    /** A generation whose filters close when it does. */
    private static Generation owned(CompiledGateway gateway, ConfigRevision revision) {
        return new Generation(gateway, revision).onClose(gateway::close);
    }

    /**
     * Serves {@code next} to every request that starts from now on; requests already running
     * finish on the previous config, whose filters close when the last of them ends. The caller
     * has checked that {@code next} changes nothing that needs a restart (listeners, admin,
     * runtime); {@code next} is closed when it cannot be switched to.
     *
     * @throws RuntimeException naming why {@code next} cannot serve (an unusable TLS file, say);
     *     the previous config then keeps serving
     */
    public synchronized void reload(CompiledGateway next, ConfigRevision revision) {
        Generation generation = owned(next, revision);
        try {
            next.start();
            http.swap(generation);
        } catch (RuntimeException e) {
            // Never adopted: dropping its only reference closes it here and now.
            generation.release();
            throw e;
        }
    }

    public HttpGateway http() {
        return http;
    }

    /** The config serving new requests now. */
    public CompiledGateway gateway() {
        return generations.current().gateway();
    }

    /** The revision serving new requests now, when known. */
    public Optional<ConfigRevision> revision() {
        return generations.current().revision();
    }

    /** The serving generation and the replaced ones still finishing requests. */
    public GenerationSlot generations() {
        return generations;
    }

    /** Where the edge records its metrics; {@code /metrics} scrapes it. */
    public PrometheusMeterRegistry meters() {
        return meters;
    }

    /** The bound port of an admin surface, if the config serves it. */
    public OptionalInt adminPort(AdminSurface surface) {
        return admin == null ? OptionalInt.empty() : admin.port(surface);
    }

    /**
     * Graceful stop: readiness turns 503 and the listeners stop accepting at once, in-flight
     * requests get up to {@code drain} (an interrupt of the calling thread cuts it short), then the
     * filters of every generation close, and the admin listener last, so probes see the drain to
     * its end.
     */
    public void shutdown(Duration drain) {
        http.stop(drain);
        tracing.close(); // after the drain: the last requests' spans go out too
        generations.shutdown();
        closer.shutdown();
        awaitCloser();
        if (admin != null) {
            admin.close();
        }
        meters.close();
        log.info("jpraxis stopped");
    }

    private void awaitCloser() {
        try {
            if (!closer.awaitTermination(5, TimeUnit.SECONDS)) {
                log.warn("closing retired config generations took over 5 s; not waiting longer");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
