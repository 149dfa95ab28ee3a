package io.jpraxis.server.boot;

import io.jpraxis.core.filter.FilterRegistry;
import io.jpraxis.core.pipeline.CompiledGateway;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.admin.AdminServer;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.http.server.HttpGateway;
import io.jpraxis.http.server.Transport;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A compiled gateway that is serving: its filters started, the HTTP edge bound and, when
 * configured, the admin listener. {@link #shutdown(Duration)} takes them down in the order a
 * graceful stop needs. {@code serve} runs one; tests start one from YAML.
 */
public final class ServingGateway {
    private static final Logger log = LoggerFactory.getLogger(ServingGateway.class);

    private final CompiledGateway gateway;
    private final HttpGateway http;
    private final AdminServer admin;
    private final PrometheusMeterRegistry meters;

    private ServingGateway(CompiledGateway gateway, HttpGateway http, AdminServer admin,
            PrometheusMeterRegistry meters) {
        this.gateway = gateway;
        this.http = http;
        this.admin = admin;
        this.meters = meters;
    }

    /**
     * Starts the filters, then the edge, then the admin listener; on failure stops what started.
     *
     * @param registry the filter types the gateway was built with (for {@code /config} redaction)
     * @throws RuntimeException naming what could not start (a listener or admin bind)
     */
    public static ServingGateway start(CompiledGateway gateway, RuntimeServices services, FilterRegistry registry) {
        PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        HttpGateway http = new HttpGateway(gateway, services, Transport.select(), meters);
        try {
            gateway.start();
            http.start();
            AdminServer admin = null;
            if (AdminServer.enabled(gateway.config().admin())) {
                admin = new AdminServer(gateway.config().admin(), AdminWiring.routes(gateway, http, meters, registry),
                        http.transport()).start();
            }
            return new ServingGateway(gateway, http, admin, meters);
        } catch (RuntimeException e) {
            http.stop(Duration.ZERO);
            gateway.close();
            meters.close();
            throw e;
        }
    }

    public HttpGateway http() {
        return http;
    }

    public CompiledGateway gateway() {
        return gateway;
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
     * filters close, and the admin listener last, so probes see the drain to its end.
     */
    public void shutdown(Duration drain) {
        http.stop(drain);
        gateway.close();
        if (admin != null) {
            admin.close();
        }
        meters.close();
        log.info("jpraxis stopped");
    }
}
