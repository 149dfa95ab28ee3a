package io.jpraxis.http.metrics;

import io.jpraxis.core.context.RequestContext;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Per-exchange Micrometer meters: a request counter ({@code jpraxis_requests_total} in Prometheus)
 * and a latency timer ({@code jpraxis_request_duration_seconds}), tagged by listener, route,
 * cluster and status.
 *
 * <p>Every tag value comes from config or is a status code, so the series stay bounded: the route
 * is the router's configured path or prefix ({@link RequestContext#route()}), never the request
 * path; {@value #NONE} stands for no route or no cluster, status {@code 0} for an exchange that
 * ended before any response was sent.
 */
public final class RequestMetrics {
    /** Tag value for an absent route or cluster. */
    public static final String NONE = "none";
    /** Records nothing: for edges built without a registry (tests driving a channel in memory). */
    public static final RequestMetrics DISABLED = new RequestMetrics(null);

    private final MeterRegistry registry;
    /** Meter lookups by tag set, so a request costs a map hit rather than a registry lookup. */
    private final ConcurrentMap<Series, Meters> meters = new ConcurrentHashMap<>();
    /**
     * The series each event loop recorded last. Route and cluster names are the config's own
     * strings, so a run of requests down one route matches by identity: no key object and no hash
     * per request. A miss (another route, a status change) falls back to the map.
     */
    private final FastThreadLocal<LastSeries> lastSeries = new FastThreadLocal<>() {
        @Override
        protected LastSeries initialValue() {
            return new LastSeries();
        }
    };

    public RequestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Counts one ended exchange and its duration; {@code ctx} is null when the request never parsed. */
    public void record(String listener, RequestContext ctx, int status, long durationNanos) {
        if (registry == null) {
            return;
        }
        String route = ctx == null || ctx.route() == null ? NONE : ctx.route();
        String cluster = ctx == null || ctx.cluster() == null ? NONE : ctx.cluster();
        LastSeries last = lastSeries.get();
        Meters m = last.meters(listener, route, cluster, status);
        if (m == null) {
            m = meters.computeIfAbsent(new Series(listener, route, cluster, status), this::register);
            last.remember(listener, route, cluster, status, m);
        }
        m.requests().increment();
        m.duration().record(durationNanos, TimeUnit.NANOSECONDS);
    }

    private Meters register(Series s) {
        String status = Integer.toString(s.status());
        Counter requests = Counter.builder("jpraxis.requests")
                .description("Exchanges ended, by listener, route, cluster and status")
                .tags("listener", s.listener(), "route", s.route(), "cluster", s.cluster(), "status", status)
                .register(registry);
        Timer duration = Timer.builder("jpraxis.request.duration")
                .description("From request head to the end of the exchange")
                .tags("listener", s.listener(), "route", s.route(), "cluster", s.cluster(), "status", status)
                .register(registry);
        return new Meters(requests, duration);
    }

    private record Series(String listener, String route, String cluster, int status) {
    }

    private record Meters(Counter requests, Timer duration) {
    }

    /** One thread's last series, compared by identity; confined to that thread. */
    private static final class LastSeries {
        private String listener;
        private String route;
        private String cluster;
        private int status;
        private Meters meters;

        Meters meters(String listener, String route, String cluster, int status) {
            return listener == this.listener && route == this.route && cluster == this.cluster && status == this.status
                    ? meters : null;
        }

        void remember(String listener, String route, String cluster, int status, Meters meters) {
            this.listener = listener;
            this.route = route;
            this.cluster = cluster;
            this.status = status;
            this.meters = meters;
        }
    }
}
