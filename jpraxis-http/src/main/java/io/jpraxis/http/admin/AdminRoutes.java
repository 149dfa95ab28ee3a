package io.jpraxis.http.admin;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What each admin path answers (see docs/behaviour/config-loading.md#admin-listener), free of Netty
 * so it is testable as a function: {@code /healthy}, {@code /ready}, {@code /metrics} (Prometheus
 * text) and {@code /config} (the effective config as YAML, secrets redacted). GET and HEAD only.
 */
public final class AdminRoutes {
    /** Prometheus text exposition format 0.0.4. */
    public static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    static final String YAML = "application/yaml; charset=utf-8";
    private static final Logger log = LoggerFactory.getLogger(AdminRoutes.class);

    private final Readiness readiness;
    private final Supplier<String> metricsScrape;
    private final Supplier<String> configYaml;
    private final LongAdder failures = new LongAdder();

    /**
     * @param metricsScrape renders the metrics registry in Prometheus text format
     * @param configYaml renders the effective config, secrets already redacted
     */
    public AdminRoutes(Readiness readiness, Supplier<String> metricsScrape, Supplier<String> configYaml) {
        this.readiness = readiness;
        this.metricsScrape = metricsScrape;
        this.configYaml = configYaml;
    }

    /** The answer to {@code method path} arriving on {@code surface}; the query string is ignored. */
    public AdminResponse answer(String method, String target, AdminSurface surface) {
        String path = pathOf(target);
        Route route = Route.of(path, surface);
        if (route == null) {
            return AdminResponse.error(404, "not found");
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            return AdminResponse.error(405, "method not allowed");
        }
        try {
            return switch (route) {
                case HEALTHY -> AdminResponse.json(200, AdminJson.status("ok"));
                case READY -> ready();
                case METRICS -> new AdminResponse(200, PROMETHEUS_TEXT, metricsScrape.get());
                case CONFIG -> new AdminResponse(200, YAML, configYaml.get());
            };
        } catch (RuntimeException e) {
            failures.increment();
            log.error("admin {} failed", path, e);
            return AdminResponse.error(500, "internal error");
        }
    }

    /** Admin requests that failed inside the gateway (each is also logged). */
    public long failures() {
        return failures.sum();
    }

    private AdminResponse ready() {
        Readiness.Report report = readiness.check();
        return AdminResponse.json(report.ready() ? 200 : 503, AdminJson.readiness(report));
    }

    private static String pathOf(String target) {
        int query = target.indexOf('?');
        return query < 0 ? target : target.substring(0, query);
    }

    /** The admin paths, and which surface serves each. */
    private enum Route {
        HEALTHY("/healthy", true), READY("/ready", true), METRICS("/metrics", true), CONFIG("/config", false);

        private final String path;
        private final boolean onMetricsSurface;

        Route(String path, boolean onMetricsSurface) {
            this.path = path;
            this.onMetricsSurface = onMetricsSurface;
        }

        static Route of(String path, AdminSurface surface) {
            for (Route r : values()) {
                if (r.path.equals(path)) {
                    return switch (surface) {
                        case ADMIN -> r;
                        case METRICS -> r.onMetricsSurface ? r : null;
                    };
                }
            }
            return null;
        }
    }
}
